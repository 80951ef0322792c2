import { type ClusterEventListener, type LeadershipListener } from './ClusterCoordinator';
import { type ClusterEvent } from './ClusterEvent';
import { type ClusterLogger } from './ClusterLogger';

/**
 * The listeners of a coordinator and the one queue they are called through: leadership changes
 * and events are delivered in order, one at a time, each waiting for the previous listener's
 * promise. A failing listener is logged and does not stop the queue.
 */
export class ClusterDispatcher {
  private readonly leadership: LeadershipListener[] = [];
  private readonly events: ClusterEventListener[] = [];
  private tail: Promise<void> = Promise.resolve();

  constructor(private readonly logger: ClusterLogger) {}

  onLeadershipChange(listener: LeadershipListener): void {
    this.leadership.push(listener);
  }

  onEvent(listener: ClusterEventListener): void {
    this.events.push(listener);
  }

  /** Queues a leadership change; resolves once every listener has handled it. */
  leadershipChanged(isLeader: boolean): Promise<void> {
    return this.enqueue(async () => {
      for (const listener of this.leadership) {
        try {
          await listener(isLeader);
        } catch (error: unknown) {
          this.logger.error({ err: error, isLeader }, 'a leadership listener failed');
        }
      }
    });
  }

  /** Queues an event; resolves once every listener has handled it. */
  event(event: ClusterEvent): Promise<void> {
    return this.enqueue(async () => {
      for (const listener of this.events) {
        try {
          await listener(event);
        } catch (error: unknown) {
          this.logger.error(
            { err: error, kind: event.kind, alerts: event.alertIds.length },
            'a cluster event listener failed',
          );
        }
      }
    });
  }

  /** Resolves once everything queued so far has been delivered. */
  async idle(): Promise<void> {
    let tail: Promise<void>;
    do {
      tail = this.tail;
      await tail;
    } while (tail !== this.tail);
  }

  private enqueue(deliver: () => Promise<void>): Promise<void> {
    const delivered = this.tail.then(deliver);
    this.tail = delivered;
    return delivered;
  }
}
