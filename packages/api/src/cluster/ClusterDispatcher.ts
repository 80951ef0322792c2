import { type ClusterEventListener, type LeadershipListener } from './ClusterCoordinator';
import { type ClusterEvent } from './ClusterEvent';
import { type ServiceLogger } from '../util/ServiceLogger';

/**
 * The listeners of a coordinator and the one queue they are called through: leadership changes
 * and events are delivered in order, one at a time, each waiting for the previous listener's
 * promise. A failing listener is logged and does not stop the queue.
 */
export class ClusterDispatcher {
  private readonly leadership: LeadershipListener[] = [];
  private readonly events: ClusterEventListener[] = [];
  private tail: Promise<void> = Promise.resolve();

  constructor(private readonly logger: ServiceLogger) {}

  onLeadershipChange(listener: LeadershipListener): void {
    this.leadership.push(listener);
  }

  onEvent(listener: ClusterEventListener): void {
    this.events.push(listener);
  }

  /** Queues a leadership change; resolves once every listener has handled it. */
  leadershipChanged(isLeader: boolean): Promise<void> {
    return this.deliver(this.leadership, isLeader, (error) =>
      this.logger.error({ err: error, isLeader }, 'a leadership listener failed'),
    );
  }

  /** Queues an event; resolves once every listener has handled it. */
  event(event: ClusterEvent): Promise<void> {
    return this.deliver(this.events, event, (error) =>
      this.logger.error(
        { err: error, kind: event.kind, alerts: event.alertIds.length },
        'a cluster event listener failed',
      ),
    );
  }

  /** Resolves once everything queued so far has been delivered. */
  async idle(): Promise<void> {
    let tail: Promise<void>;
    do {
      tail = this.tail;
      await tail;
    } while (tail !== this.tail);
  }

  /**
   * Queues calling each of `listeners` (those registered by the time it runs) with `value`, one
   * after the other; a failing listener goes to `failed` and the next one still runs.
   */
  private deliver<T>(
    listeners: readonly ((value: T) => void | Promise<void>)[],
    value: T,
    failed: (error: unknown) => void,
  ): Promise<void> {
    return this.enqueue(async () => {
      for (const listener of listeners) {
        try {
          await listener(value);
        } catch (error: unknown) {
          failed(error);
        }
      }
    });
  }

  private enqueue(deliver: () => Promise<void>): Promise<void> {
    const delivered = this.tail.then(deliver);
    this.tail = delivered;
    return delivered;
  }
}
