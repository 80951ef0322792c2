import { type ClusterEventListener, type LeadershipListener } from './ClusterCoordinator';
import { type ClusterEvent } from './ClusterEvent';
import { type ClusterLogger } from './ClusterLogger';

/**
 * The listeners of a coordinator and the one queue they are called through: leadership changes
 * and events are delivered in order, one at a time, each waiting for the previous listener's
 * promise. A failing listener is logged and does not stop the queue.
 */
export class ClusterDispatcher {
  private readonly _leadership: LeadershipListener[] = [];
  private readonly _events: ClusterEventListener[] = [];
  private _tail: Promise<void> = Promise.resolve();

  public constructor(private readonly _logger: ClusterLogger) {}

  public onLeadershipChange(listener: LeadershipListener): void {
    this._leadership.push(listener);
  }

  public onEvent(listener: ClusterEventListener): void {
    this._events.push(listener);
  }

  /** Queues a leadership change; resolves once every listener has handled it. */
  public leadershipChanged(isLeader: boolean): Promise<void> {
    return this._enqueue(async () => {
      for (const listener of this._leadership) {
        try {
          await listener(isLeader);
        } catch (error: unknown) {
          this._logger.error({ err: error, isLeader }, 'a leadership listener failed');
        }
      }
    });
  }

  /** Queues an event; resolves once every listener has handled it. */
  public event(event: ClusterEvent): Promise<void> {
    return this._enqueue(async () => {
      for (const listener of this._events) {
        try {
          await listener(event);
        } catch (error: unknown) {
          this._logger.error(
            { err: error, kind: event.kind, alerts: event.alertIds.length },
            'a cluster event listener failed',
          );
        }
      }
    });
  }

  /** Resolves once everything queued so far has been delivered. */
  public async idle(): Promise<void> {
    let tail: Promise<void>;
    do {
      tail = this._tail;
      await tail;
    } while (tail !== this._tail);
  }

  private _enqueue(deliver: () => Promise<void>): Promise<void> {
    const delivered = this._tail.then(deliver);
    this._tail = delivered;
    return delivered;
  }
}
