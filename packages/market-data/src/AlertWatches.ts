import { type Alert } from '@pairwatch/domain';
import { Observable, share, type Subscriber } from 'rxjs';
import { describeError } from './describeError';
import { type HubConnectionLifecycle, type HubSession } from './HubConnectionLifecycle';
import { MarketDataError } from './MarketDataError';

interface Watch {
  readonly subscriptionId: string;
  readonly subscriber: Subscriber<Alert>;
}

/**
 * The alert watches of a {@link CandleHub}: `WatchAlerts(subscriptionId)` on the shared
 * connection (again on every reconnect) and the `AlertTriggered` events it brings.
 *
 * NOTE: the hub has no "unwatch" and its events do not name the subscription, so a connection
 * watching several ids delivers every trigger to every watcher. A browser has one push
 * subscription, so in practice there is one id.
 *
 * @example
 * ```ts
 * const watches = new AlertWatches(connection, reportError);
 * watches.watch$(subscriptionId).subscribe((alert) => markTriggered(alert));
 * ```
 */
export class AlertWatches {
  private readonly watches = new Set<Watch>();
  private readonly shared = new Map<string, Observable<Alert>>();

  /**
   * @param connection - the hub connection, retained while a watch is live.
   * @param reportError - receives refused `WatchAlerts` invocations (`kind: 'subscription'`).
   */
  constructor(
    private readonly connection: HubConnectionLifecycle,
    private readonly reportError: (error: MarketDataError) => void,
  ) {
    connection.on('AlertTriggered', (payload) => this.onTriggered(payload));
    connection.onConnected((session) => {
      for (const watch of this.watches) this.invokeWatch(session, watch);
    });
  }

  /**
   * Triggers of `subscriptionId`, shared per id: the first subscriber watches, the last one
   * leaving lets go of the connection (the hub keeps watching until it closes).
   *
   * @throws TypeError when `subscriptionId` is empty.
   */
  watch$(subscriptionId: string): Observable<Alert> {
    if (typeof subscriptionId !== 'string' || subscriptionId.trim() === '') {
      throw new TypeError('watchAlerts$ needs a non-empty subscription id');
    }
    let shared = this.shared.get(subscriptionId);
    if (!shared) {
      const created = new Observable<Alert>((subscriber) => {
        const teardown = this.acquire(subscriptionId, subscriber);
        return () => {
          teardown();
          // Forgotten once unused; a later call makes a new one.
          if (this.shared.get(subscriptionId) === created) this.shared.delete(subscriptionId);
        };
      }).pipe(share());
      shared = created;
      this.shared.set(subscriptionId, shared);
    }
    return shared;
  }

  /** Completes every watch (their teardowns release the connection). */
  completeAll(): void {
    for (const watch of [...this.watches]) watch.subscriber.complete();
  }

  private acquire(subscriptionId: string, subscriber: Subscriber<Alert>): () => void {
    const watch: Watch = { subscriptionId, subscriber };
    this.watches.add(watch);
    const release = this.connection.retain();
    const session = this.connection.session;
    if (session) this.invokeWatch(session, watch);
    return () => {
      this.watches.delete(watch);
      release();
    };
  }

  private invokeWatch(session: HubSession, watch: Watch): void {
    session.invoke('WatchAlerts', watch.subscriptionId).catch((error: unknown) => {
      // A drop rejects pending invocations and the reconnect watches again: only a refusal on a
      // healthy connection is worth telling.
      if (!session.live || !this.watches.has(watch)) return;
      this.reportError(
        new MarketDataError('subscription', { detail: describeError(error), cause: error }),
      );
    });
  }

  private onTriggered(payload: unknown): void {
    const alert = payload as Partial<Alert> | null;
    if (typeof alert !== 'object' || alert === null || typeof alert.id !== 'string') {
      console.warn('Ignored a malformed AlertTriggered', payload);
      return;
    }
    for (const watch of [...this.watches]) {
      if (this.watches.has(watch)) watch.subscriber.next(alert as Alert);
    }
  }
}
