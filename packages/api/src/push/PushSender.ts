import { type UnixMillis } from '@pairwatch/domain';
import { type AlertStore, type ClaimedMessage } from '../storage/AlertStore';
import { backoffWithJitter } from '../util/backoffWithJitter';
import { type ServiceLogger } from '../util/ServiceLogger';
import { type PushTransport } from './PushTransport';

/** Options of {@link PushSender}; the defaults suit production. */
export interface PushSenderOptions {
  readonly store: AlertStore;
  readonly transport: PushTransport;
  readonly logger: ServiceLogger;
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

/** Retry delays after a 5xx or network failure: from 1 s, doubling per attempt, up to 10 min. */
const BACKOFF = { baseMs: 1_000, maxMs: 10 * 60 * 1_000 } as const;

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
  private readonly inFlight = new Set<Promise<void>>();
  private readonly retryTimers = new Set<NodeJS.Timeout>();
  private readonly concurrency: number;
  private readonly now: () => number;
  private readonly random: () => number;
  private pollTimer: NodeJS.Timeout | undefined;
  private pumping: Promise<void> | undefined;
  private pumpAgain = false;
  private closed = false;
  private deliveredCount = 0;
  private readonly finished: string[] = [];
  private flush: Promise<void> | undefined;

  constructor(private readonly options: PushSenderOptions) {
    this.concurrency = options.concurrency ?? 64;
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
  }

  /** Messages delivered since start. */
  get delivered(): number {
    return this.deliveredCount;
  }

  /** Starts polling the outbox and sends what is due now. */
  start(): void {
    if (this.pollTimer || this.closed) return;
    this.pollTimer = setInterval(() => this.wake(), this.options.pollIntervalMs ?? 1_000);
    this.pollTimer.unref();
    this.wake();
  }

  /** Looks at the outbox now (call after queueing a message). */
  wake(): void {
    if (this.closed) return;
    if (this.pumping) {
      this.pumpAgain = true;
      return;
    }
    this.pumping = this.pump().finally(() => {
      this.pumping = undefined;
    });
  }

  /** Resolves once nothing is being claimed or sent (what is due later stays in the outbox). */
  async idle(): Promise<void> {
    while (this.pumping || this.inFlight.size > 0) {
      await this.pumping;
      await Promise.allSettled([...this.inFlight]);
    }
  }

  /** Stops claiming and waits for the messages in flight. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.pollTimer) clearInterval(this.pollTimer);
    for (const timer of this.retryTimers) clearTimeout(timer);
    this.retryTimers.clear();
    await this.idle();
  }

  private async pump(): Promise<void> {
    try {
      do {
        this.pumpAgain = false;
        while (!this.closed && this.inFlight.size < this.concurrency) {
          const room = this.concurrency - this.inFlight.size;
          const batch = await this.options.store.claimDueMessages(
            this.now() as UnixMillis,
            room,
            this.options.leaseMs ?? 60_000,
          );
          for (const message of batch) this.launch(message);
          if (batch.length < room) break;
        }
      } while (this.pumpAgain && !this.closed);
    } catch (error: unknown) {
      this.options.logger.error({ err: error }, 'push outbox could not be read');
    }
  }

  private launch(message: ClaimedMessage): void {
    const task = this.deliver(message)
      .catch((error: unknown) => {
        this.options.logger.error({ err: error, messageId: message.id }, 'push delivery failed');
      })
      .finally(() => {
        this.inFlight.delete(task);
        // Refill in batches rather than one claim per finished message.
        if (this.inFlight.size <= this.concurrency / 2) this.wake();
      });
    this.inFlight.add(task);
  }

  private async deliver(message: ClaimedMessage): Promise<void> {
    const { store, transport, logger } = this.options;
    const outcome = await transport.send({
      subscription: message.subscription,
      payload: message.payload,
      topic: message.topic,
      ttlSeconds: this.options.ttlSeconds ?? 86_400,
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
        this.deliveredCount += 1;
        await this.forget(message.id);
        return;
      case 'gone': {
        const alertIds = (await store.deleteSubscription(message.subscriptionId)) ?? [];
        logger.info(
          { ...context, status: outcome.status, alertsRemoved: alertIds.length },
          'push subscription is gone; removed it with its alerts and pending messages',
        );
        this.options.onSubscriptionGone(message.subscriptionId, alertIds);
        return;
      }
      case 'rejected':
        await this.forget(message.id);
        logger.warn(
          { ...context, status: outcome.status, reason: outcome.reason },
          'push message refused; dropped',
        );
        return;
      case 'retry': {
        const attempts = message.attempts + 1;
        const maxAttempts = this.options.maxAttempts ?? 12;
        if (attempts >= maxAttempts) {
          await this.forget(message.id);
          logger.warn(
            { ...context, reason: outcome.reason },
            `push message given up after ${attempts} attempts`,
          );
          return;
        }
        // The longest backoff also caps a `Retry-After`.
        const delay = Math.min(
          outcome.retryAfterMs ?? Math.round(backoffWithJitter(attempts - 1, BACKOFF, this.random)),
          BACKOFF.maxMs,
        );
        await store.rescheduleMessage(message.id, attempts, (this.now() + delay) as UnixMillis);
        logger.info(
          { ...context, status: outcome.status, reason: outcome.reason, retryInMs: delay },
          'push message will be retried',
        );
        this.wakeAfter(delay);
        return;
      }
    }
  }

  /**
   * Deletes a finished message, batched with the others that finish in the same turn of the event
   * loop: one statement for many messages instead of one each.
   */
  private forget(id: string): Promise<void> {
    this.finished.push(id);
    if (!this.flush) {
      this.flush = new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
        const ids = this.finished.splice(0);
        this.flush = undefined;
        await this.options.store.deleteMessages(ids);
      });
    }
    return this.flush;
  }

  private wakeAfter(delayMs: number): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.retryTimers.delete(timer);
      this.wake();
    }, delayMs + 5);
    timer.unref();
    this.retryTimers.add(timer);
  }
}
