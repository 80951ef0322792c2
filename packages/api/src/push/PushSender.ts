import { type UnixMillis } from '@pairwatch/domain';
import { type AlertStore, type ClaimedMessage } from '../storage/AlertStore';
import { type PushTransport } from './PushTransport';

/** What the sender logs through (a pino logger fits). */
export interface PushSenderLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** Options of {@link PushSender}; the defaults suit production. */
export interface PushSenderOptions {
  readonly store: AlertStore;
  readonly transport: PushTransport;
  readonly logger: PushSenderLogger;
  /** Told after a 404/410 removed a subscription with its alerts. */
  readonly onSubscriptionGone: (subscriptionId: string, alertIds: readonly string[]) => void;
  /** Messages in flight at once. Default 64. */
  readonly concurrency?: number;
  /** How often the outbox is checked without being woken (messages of other processes, retries). Default 1 000 ms. */
  readonly pollIntervalMs?: number;
  /** How long a claimed message belongs to this sender before another may take it. Default 60 000 ms. */
  readonly leaseMs?: number;
  /** Attempts before a message is given up. Default 12 (about 40 minutes of backoff). */
  readonly maxAttempts?: number;
  /** RFC 8030 TTL of each message. Default 86 400 s: an alert older than a day is news no more. */
  readonly ttlSeconds?: number;
  readonly now?: () => number;
  readonly random?: () => number;
}

/** First retry delay after a 5xx or network failure; doubles per attempt. */
const BACKOFF_BASE_MS = 1_000;
/** Longest retry delay (also caps a `Retry-After`). */
const BACKOFF_MAX_MS = 10 * 60 * 1_000;

/**
 * Delivers the push outbox: claims due messages, sends them with bounded concurrency, deletes
 * them on success, retries 429 (after `Retry-After`), 5xx and network failures with exponential
 * backoff and jitter, and drops the subscription with its pending messages on 404/410.
 *
 * NOTE: the outbox is the source of truth, so a crash loses nothing: a claimed message whose
 * sender died is claimed again when its lease runs out, which may deliver it twice — the Topic
 * header (the alert id) makes a push service replace rather than duplicate an undelivered one.
 */
export class PushSender {
  private readonly _inFlight = new Set<Promise<void>>();
  private readonly _retryTimers = new Set<NodeJS.Timeout>();
  private readonly _concurrency: number;
  private readonly _now: () => number;
  private readonly _random: () => number;
  private _pollTimer: NodeJS.Timeout | undefined;
  private _pumping: Promise<void> | undefined;
  private _pumpAgain = false;
  private _closed = false;
  private _delivered = 0;
  private readonly _finished: string[] = [];
  private _flush: Promise<void> | undefined;

  public constructor(private readonly _options: PushSenderOptions) {
    this._concurrency = _options.concurrency ?? 64;
    this._now = _options.now ?? Date.now;
    this._random = _options.random ?? Math.random;
  }

  /** Messages delivered since start. */
  public get delivered(): number {
    return this._delivered;
  }

  /** Starts polling the outbox and sends what is due now. */
  public start(): void {
    if (this._pollTimer || this._closed) return;
    this._pollTimer = setInterval(() => this.wake(), this._options.pollIntervalMs ?? 1_000);
    this._pollTimer.unref();
    this.wake();
  }

  /** Looks at the outbox now (call after queueing a message). */
  public wake(): void {
    if (this._closed) return;
    if (this._pumping) {
      this._pumpAgain = true;
      return;
    }
    this._pumping = this._pump().finally(() => {
      this._pumping = undefined;
    });
  }

  /** Resolves once nothing is being claimed or sent (what is due later stays in the outbox). */
  public async idle(): Promise<void> {
    while (this._pumping || this._inFlight.size > 0) {
      await this._pumping;
      await Promise.allSettled([...this._inFlight]);
    }
  }

  /** Stops claiming and waits for the messages in flight. */
  public async close(): Promise<void> {
    this._closed = true;
    if (this._pollTimer) clearInterval(this._pollTimer);
    for (const timer of this._retryTimers) clearTimeout(timer);
    this._retryTimers.clear();
    await this.idle();
  }

  private async _pump(): Promise<void> {
    try {
      do {
        this._pumpAgain = false;
        while (!this._closed && this._inFlight.size < this._concurrency) {
          const room = this._concurrency - this._inFlight.size;
          const batch = await this._options.store.claimDueMessages(
            this._now() as UnixMillis,
            room,
            this._options.leaseMs ?? 60_000,
          );
          for (const message of batch) this._launch(message);
          if (batch.length < room) break;
        }
      } while (this._pumpAgain && !this._closed);
    } catch (error: unknown) {
      this._options.logger.error({ err: error }, 'push outbox could not be read');
    }
  }

  private _launch(message: ClaimedMessage): void {
    const task = this._deliver(message)
      .catch((error: unknown) => {
        this._options.logger.error({ err: error, messageId: message.id }, 'push delivery failed');
      })
      .finally(() => {
        this._inFlight.delete(task);
        // Refill in batches rather than one claim per finished message.
        if (this._inFlight.size <= this._concurrency / 2) this.wake();
      });
    this._inFlight.add(task);
  }

  private async _deliver(message: ClaimedMessage): Promise<void> {
    const { store, transport, logger } = this._options;
    const outcome = await transport.send({
      subscription: message.subscription,
      payload: message.payload,
      topic: message.topic,
      ttlSeconds: this._options.ttlSeconds ?? 86_400,
      urgency: 'high',
    });
    // Logs name the alert and the message, never the subscription id or its endpoint.
    const context = {
      messageId: message.id,
      alertId: message.alertId,
      attempt: message.attempts + 1,
    };
    switch (outcome.kind) {
      case 'delivered':
        this._delivered += 1;
        await this._forget(message.id);
        return;
      case 'gone': {
        const alertIds = (await store.deleteSubscription(message.subscriptionId)) ?? [];
        logger.info(
          { ...context, status: outcome.status, alertsRemoved: alertIds.length },
          'push subscription is gone; removed it with its alerts and pending messages',
        );
        this._options.onSubscriptionGone(message.subscriptionId, alertIds);
        return;
      }
      case 'rejected':
        await this._forget(message.id);
        logger.warn(
          { ...context, status: outcome.status, reason: outcome.reason },
          'push message refused; dropped',
        );
        return;
      case 'retry': {
        const attempts = message.attempts + 1;
        const maxAttempts = this._options.maxAttempts ?? 12;
        if (attempts >= maxAttempts) {
          await this._forget(message.id);
          logger.warn(
            { ...context, reason: outcome.reason },
            `push message given up after ${attempts} attempts`,
          );
          return;
        }
        const delay = Math.min(outcome.retryAfterMs ?? this._backoff(attempts), BACKOFF_MAX_MS);
        await store.rescheduleMessage(message.id, attempts, (this._now() + delay) as UnixMillis);
        logger.info(
          { ...context, status: outcome.status, reason: outcome.reason, retryInMs: delay },
          'push message will be retried',
        );
        this._wakeAfter(delay);
        return;
      }
    }
  }

  /**
   * Deletes a finished message, batched with the others that finish in the same turn of the event
   * loop: one statement for many messages instead of one each.
   */
  private _forget(id: string): Promise<void> {
    this._finished.push(id);
    if (!this._flush) {
      this._flush = new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
        const ids = this._finished.splice(0);
        this._flush = undefined;
        await this._options.store.deleteMessages(ids);
      });
    }
    return this._flush;
  }

  /** Exponential backoff with "equal jitter": half fixed, half random. */
  private _backoff(attempts: number): number {
    const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** (attempts - 1));
    return Math.round(ceiling / 2 + (this._random() * ceiling) / 2);
  }

  private _wakeAfter(delayMs: number): void {
    if (this._closed) return;
    const timer = setTimeout(() => {
      this._retryTimers.delete(timer);
      this.wake();
    }, delayMs + 5);
    timer.unref();
    this._retryTimers.add(timer);
  }
}
