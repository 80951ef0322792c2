import {
  type ClusterCoordinator,
  type ClusterEventListener,
  type LeadershipListener,
} from './ClusterCoordinator';
import { ClusterDispatcher } from './ClusterDispatcher';
import { type ClusterEvent } from './ClusterEvent';
import { type ServiceLogger } from '../util/ServiceLogger';

/**
 * The coordinator of a single api process (SQLite): it leads from start to close, and `publish`
 * delivers to its own listeners, resolving once they have handled the event.
 */
export class InProcessCoordinator implements ClusterCoordinator {
  private readonly dispatcher: ClusterDispatcher;
  private leader = false;
  private started = false;
  private closing = false;
  private closed = false;

  constructor(logger: ServiceLogger) {
    this.dispatcher = new ClusterDispatcher(logger);
  }

  get isLeader(): boolean {
    return this.leader;
  }

  onLeadershipChange(listener: LeadershipListener): void {
    this.dispatcher.onLeadershipChange(listener);
  }

  onEvent(listener: ClusterEventListener): void {
    this.dispatcher.onEvent(listener);
  }

  async publish(event: ClusterEvent): Promise<void> {
    if (this.closed) throw new Error(`Cannot publish '${event.kind}': the coordinator is closed.`);
    await this.dispatcher.event(event);
  }

  async start(): Promise<void> {
    if (this.started || this.closing) return;
    this.started = true;
    this.leader = true;
    await this.dispatcher.leadershipChanged(true);
  }

  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    // The engine stops on hearing `false`; its last triggers may still publish meanwhile.
    if (this.leader) {
      this.leader = false;
      await this.dispatcher.leadershipChanged(false);
    }
    await this.dispatcher.idle();
    this.closed = true;
  }
}
