import {
  type ClusterCoordinator,
  type ClusterEventListener,
  type LeadershipListener,
} from './ClusterCoordinator';
import { ClusterDispatcher } from './ClusterDispatcher';
import { type ClusterEvent } from './ClusterEvent';
import { type ClusterLogger } from './ClusterLogger';

/**
 * The coordinator of a single api process (SQLite): it leads from start to close, and `publish`
 * delivers to its own listeners, resolving once they have handled the event.
 */
export class InProcessCoordinator implements ClusterCoordinator {
  private readonly _dispatcher: ClusterDispatcher;
  private _leader = false;
  private _started = false;
  private _closing = false;
  private _closed = false;

  public constructor(logger: ClusterLogger) {
    this._dispatcher = new ClusterDispatcher(logger);
  }

  public get isLeader(): boolean {
    return this._leader;
  }

  public onLeadershipChange(listener: LeadershipListener): void {
    this._dispatcher.onLeadershipChange(listener);
  }

  public onEvent(listener: ClusterEventListener): void {
    this._dispatcher.onEvent(listener);
  }

  public async publish(event: ClusterEvent): Promise<void> {
    if (this._closed) throw new Error(`Cannot publish '${event.kind}': the coordinator is closed.`);
    await this._dispatcher.event(event);
  }

  public async start(): Promise<void> {
    if (this._started || this._closing) return;
    this._started = true;
    this._leader = true;
    await this._dispatcher.leadershipChanged(true);
  }

  public async close(): Promise<void> {
    if (this._closing) return;
    this._closing = true;
    // The engine stops on hearing `false`; its last triggers may still publish meanwhile.
    if (this._leader) {
      this._leader = false;
      await this._dispatcher.leadershipChanged(false);
    }
    await this._dispatcher.idle();
    this._closed = true;
  }
}
