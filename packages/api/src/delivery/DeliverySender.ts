import { type UnixMillis } from '@pairwatch/domain';
import {
  type AlertStore,
  type ClaimedDelivery,
  type DeliveryClaim,
  type DeliveryUpdate,
} from '../storage/AlertStore';
import { backoffWithJitter } from '../util/backoffWithJitter';
import { type ServiceLogger } from '../util/ServiceLogger';
import {
  type ChannelKind,
  type ChannelRecord,
  type DeliveryChannel,
  type DeliveryOutcome,
} from './DeliveryChannel';

/** The channel of each kind the sender can deliver to. */
export type DeliveryChannels = { readonly [K in ChannelKind]?: DeliveryChannel<K> };

/** Options of {@link DeliverySender}; the defaults suit production. */
export interface DeliverySenderOptions {
  readonly store: AlertStore;
  readonly channels: DeliveryChannels;
  readonly logger: ServiceLogger;
  /** Told after a gone push subscription was removed (with its owner's alerts, when it was the last channel). */
  readonly onAlertsRemoved: (alertIds: readonly string[]) => void;
  /** Deliveries in flight at once. Default 64. */
  readonly concurrency?: number;
  /** Deliveries in flight at once to one destination (one webhook origin). Default 4. */
  readonly perDestination?: number;
  /** How often the outbox is checked without being woken (other processes' firings, retries). Default 1 000 ms. */
  readonly pollIntervalMs?: number;
  /** How long a claimed delivery belongs to this sender before another may take it. Default 60 000 ms. */
  readonly leaseMs?: number;
  readonly now?: () => number;
  readonly random?: () => number;
}

/**
 * A delivery whose destination is busy waits in memory, up to this many times the destination's
 * slots (and this many times the overall concurrency in all)…
 */
const WAITING_FACTOR = 4;
/** Claims one pump makes at most before it lets the event loop breathe. */
const MAX_BATCHES_PER_PUMP = 8;
/** …and beyond that goes back to the outbox for this long, not counted as an attempt. */
const BUSY_DESTINATION_DELAY_MS = 1_000;
/** The longest an outcome waits to be written while other sends are in flight ({@link DeliverySender.record}). */
const OUTCOME_WRITE_MAX_DELAY_MS = 100;

interface Destination {
  inFlight: number;
  readonly waiting: ClaimedDelivery[];
}

/**
 * Delivers the outbox (docs/architecture.md §9): claims due deliveries of every kind, sends each
 * through its kind's {@link DeliveryChannel} with bounded concurrency overall and per destination
 * (a slow or dead receiver holds a few slots, never the outbox), and records each attempt in the
 * delivery log: Delivered; retried with the kind's backoff (429 after its `Retry-After`) until the
 * kind's give-up age, then Failed; Failed at once when sending again cannot help. A gone push
 * subscription is removed; a gone webhook or Telegram chat is disabled.
 *
 * NOTE: the outbox is the source of truth, so a crash loses nothing: a claimed delivery whose
 * sender died is claimed again when its lease runs out, which may send it twice — with the same
 * delivery id (webhooks' `Pairwatch-Delivery`, push's Topic), so receivers can drop the copy.
 */
export class DeliverySender {
  private readonly inFlight = new Set<Promise<void>>();
  private readonly retryTimers = new Set<NodeJS.Timeout>();
  private readonly destinations = new Map<string, Destination>();
  private readonly concurrency: number;
  private readonly perDestination: number;
  private readonly now: () => number;
  private readonly random: () => number;
  private pollTimer: NodeJS.Timeout | undefined;
  private pumping: Promise<void> | undefined;
  private pumpAgain = false;
  /**
   * Whether a claim could find more than the last one did: set by a {@link wake} (a delivery
   * queued, the poll, a retry due), cleared when a claim gets fewer than it asked for. A freed
   * slot claims again only while it is set: in a burst, every answer read once the slots were half
   * free claimed again, and between an engine's batches those claims found nothing (tick → push
   * bench, issue #27: up to nine empty claims in a row, each a query on the event loop).
   */
  private outboxMayHaveMore = false;
  /** Slots offered to transactions under way ({@link claimFor}), not yet taken or given back. */
  private reserved = 0;
  /** Deliveries handed over by a transaction ({@link claimFor}) that a busy destination gives back. */
  private readonly handOvers = new Set<Promise<void>>();
  private closed = false;
  private deliveredCount = 0;
  private waitingCount = 0;
  /** Outcomes waiting for the next batched write ({@link record}). */
  private readonly finished: DeliveryUpdate[] = [];
  /**
   * The write not yet started, which {@link record}'s next outcome joins (`written` never
   * rejects); `start` has it written on the next turn.
   */
  private queuedWrite: { readonly written: Promise<void>; readonly start: () => void } | undefined;
  /** The batched writes of outcomes under way ({@link idle} waits for them). */
  private readonly recordings = new Set<Promise<void>>();

  constructor(private readonly options: DeliverySenderOptions) {
    this.concurrency = options.concurrency ?? 64;
    this.perDestination = options.perDestination ?? 4;
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
  }

  /** Deliveries delivered since start. */
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

  /** Looks at the outbox now (call after queueing a delivery). */
  wake(): void {
    this.outboxMayHaveMore = true;
    this.pumpSoon();
  }

  /**
   * This sender's free slots, offered to a transaction that queues deliveries (the engine's batch
   * of firings): the deliveries it leases to this sender start as soon as it commits, without a
   * claim of their own, and the slots are held for it until then (a claim meanwhile leaves them).
   * Once it committed, the sender looks at the outbox only if the transaction may have queued
   * more than it handed over (as many as offered, perhaps none when no slot was free): the
   * claim's callbacks replace the {@link wake} of a queued delivery.
   */
  claimFor(): DeliveryClaim {
    const room = this.closed
      ? 0
      : Math.max(0, this.concurrency - this.inFlight.size - this.reserved);
    this.reserved += room;
    let settled = false;
    const settle = (): boolean => {
      if (settled) return false;
      settled = true;
      this.reserved -= room;
      return true;
    };
    return {
      limit: room,
      leaseUntil: (this.now() + (this.options.leaseMs ?? 60_000)) as UnixMillis,
      claimed: (deliveries) => {
        if (!settle()) return;
        if (deliveries.length >= room) this.wake();
        // Closed meanwhile: their lease runs out, and another sender (or this one, started
        // again) claims them.
        if (deliveries.length === 0 || this.closed) return;
        const admitted = this.admitAll(deliveries)
          .catch((error: unknown) => {
            // Their lease runs out and they are claimed again.
            this.options.logger.error({ err: error }, 'could not give back waiting deliveries');
          })
          .finally(() => this.handOvers.delete(admitted));
        this.handOvers.add(admitted);
      },
      abandoned: () => {
        settle();
      },
    };
  }

  /**
   * Claims from the outbox, unless a claim is under way (then once more after it). The claim
   * starts a microtask later: the wakes of one synchronous burst (an engine's batch of firings
   * wakes the sender once per firing) are one claim, not one and then another that finds nothing.
   */
  private pumpSoon(): void {
    if (this.closed) return;
    if (this.pumping) {
      this.pumpAgain = true;
      return;
    }
    this.pumping = Promise.resolve()
      .then(() => this.pump())
      .finally(() => {
        this.pumping = undefined;
      });
  }

  /** Resolves once nothing is being claimed or sent (what is due later stays in the outbox). */
  async idle(): Promise<void> {
    while (
      this.pumping ||
      this.inFlight.size > 0 ||
      this.recordings.size > 0 ||
      this.handOvers.size > 0
    ) {
      await this.pumping;
      await Promise.allSettled([...this.handOvers]);
      await Promise.allSettled([...this.inFlight]);
      await Promise.allSettled([...this.recordings]);
    }
  }

  /** Stops claiming, gives back what waits for a busy destination, and waits for what is in flight. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.pollTimer) clearInterval(this.pollTimer);
    for (const timer of this.retryTimers) clearTimeout(timer);
    this.retryTimers.clear();
    const waiting = [...this.destinations.values()].flatMap((destination) =>
      destination.waiting.splice(0),
    );
    this.waitingCount = 0;
    this.queuedWrite?.start();
    await this.options.store
      .releaseDeliveries(
        waiting.map((delivery) => delivery.id),
        this.now() as UnixMillis,
      )
      .catch((error: unknown) => {
        // Their lease runs out and another process takes them.
        this.options.logger.warn({ err: error }, 'could not give back waiting deliveries');
      });
    await this.idle();
  }

  private async pump(): Promise<void> {
    try {
      do {
        this.pumpAgain = false;
        // Deliveries waiting for a busy destination do not take slots: the claims go on past them
        // (a bounded number of batches a turn, so a dead receiver's backlog is not churned).
        for (let batches = 0; batches < MAX_BATCHES_PER_PUMP; batches += 1) {
          const room = this.concurrency - this.inFlight.size - this.reserved;
          if (this.closed || room <= 0) break;
          // Cleared before the claim: a wake while it runs sets it again (and pumps again).
          this.outboxMayHaveMore = false;
          const batch = await this.options.store.claimDueDeliveries(
            this.now() as UnixMillis,
            room,
            this.options.leaseMs ?? 60_000,
          );
          if (batch.length >= room) this.outboxMayHaveMore = true;
          await this.admitAll(batch);
          if (batch.length < room) break;
        }
        // Again if woken meanwhile (a wake sets outboxMayHaveMore), or if a slot freed after a
        // full claim.
      } while (this.pumpAgain && this.outboxMayHaveMore && !this.closed);
    } catch (error: unknown) {
      this.options.logger.error({ err: error }, 'delivery outbox could not be read');
    }
  }

  /** Starts deliveries leased to this sender; those a busy destination cannot queue go back to the outbox for a while. */
  private async admitAll(deliveries: readonly ClaimedDelivery[]): Promise<void> {
    const busy = deliveries.filter((delivery) => !this.admit(delivery)).map((d) => d.id);
    if (busy.length === 0) return;
    await this.options.store.releaseDeliveries(
      busy,
      (this.now() + BUSY_DESTINATION_DELAY_MS) as UnixMillis,
    );
  }

  private channelOf<K extends ChannelKind>(kind: K): DeliveryChannel<K> | undefined {
    return this.options.channels[kind] as DeliveryChannel<K> | undefined;
  }

  private destinationKey(channel: ChannelRecord): string {
    const sender = this.channelOf(channel.kind) as DeliveryChannel | undefined;
    return `${channel.kind}|${sender ? sender.destination(channel as never) : ''}`;
  }

  /** Starts a delivery, or queues it behind its busy destination; false when that queue is full. */
  private admit(delivery: ClaimedDelivery): boolean {
    const key = this.destinationKey(delivery.channel);
    let destination = this.destinations.get(key);
    if (!destination) {
      destination = { inFlight: 0, waiting: [] };
      this.destinations.set(key, destination);
    }
    if (destination.inFlight < this.perDestination) {
      this.launch(key, destination, delivery);
      return true;
    }
    if (
      destination.waiting.length >= this.perDestination * WAITING_FACTOR ||
      this.waitingCount >= this.concurrency * WAITING_FACTOR
    ) {
      return false;
    }
    destination.waiting.push(delivery);
    this.waitingCount += 1;
    return true;
  }

  private launch(key: string, destination: Destination, delivery: ClaimedDelivery): void {
    destination.inFlight += 1;
    const task = this.deliver(delivery)
      .catch((error: unknown) => {
        this.options.logger.error({ err: error, deliveryId: delivery.id }, 'delivery failed');
      })
      .finally(() => {
        this.inFlight.delete(task);
        destination.inFlight -= 1;
        const next = this.closed ? undefined : destination.waiting.shift();
        if (next) {
          this.waitingCount -= 1;
          this.launch(key, destination, next);
        } else if (destination.inFlight === 0 && destination.waiting.length === 0) {
          this.destinations.delete(key);
        }
        // The burst is over: its outcomes are written now rather than at the latest.
        if (this.inFlight.size === 0) this.queuedWrite?.start();
        // Refill in batches rather than one claim per finished delivery.
        if (this.outboxMayHaveMore && this.inFlight.size <= this.concurrency / 2) this.pumpSoon();
      });
    this.inFlight.add(task);
  }

  private async deliver(delivery: ClaimedDelivery): Promise<void> {
    const { channel } = delivery;
    const sender = this.channelOf(channel.kind) as DeliveryChannel | undefined;
    const attempts = delivery.attempts + 1;
    const outcome: DeliveryOutcome = sender
      ? await sender.send(delivery, channel as never)
      : {
          kind: 'retry',
          status: undefined,
          retryAfterMs: undefined,
          reason: `${channel.kind} delivery is not set up on this server`,
        };
    // Logs name the alert, the delivery and the kind, never the owner, a URL or a chat.
    const context = {
      deliveryId: delivery.id,
      alertId: delivery.alertId,
      kind: channel.kind,
      attempt: attempts,
    };
    const now = this.now() as UnixMillis;
    const base = { id: delivery.id, attempts, statusCode: outcome.status, nextAttemptAt: now };
    switch (outcome.kind) {
      case 'delivered':
        this.deliveredCount += 1;
        void this.record({ ...base, status: 'Delivered', error: undefined, deliveredAt: now });
        return;
      case 'failed':
        this.options.logger.warn(
          { ...context, status: outcome.status, reason: outcome.reason },
          'delivery refused; failed',
        );
        void this.record({
          ...base,
          status: 'Failed',
          error: outcome.reason,
          deliveredAt: undefined,
        });
        return;
      case 'gone':
        void this.record({
          ...base,
          status: 'Failed',
          error: outcome.reason,
          deliveredAt: undefined,
        });
        await this.channelGone(delivery, outcome.reason);
        return;
      case 'retry': {
        const retry = sender?.retry ?? {
          baseMs: 1_000,
          maxMs: 60 * 60 * 1_000,
          giveUpAfterMs: 24 * 60 * 60 * 1_000,
        };
        // The longest backoff also caps a `Retry-After`.
        const delay = Math.min(
          outcome.retryAfterMs ?? Math.round(backoffWithJitter(attempts - 1, retry, this.random)),
          retry.maxMs,
        );
        if (now + delay - delivery.createdAt > retry.giveUpAfterMs) {
          this.options.logger.warn(
            { ...context, reason: outcome.reason },
            `delivery given up after ${attempts} attempts`,
          );
          void this.record({
            ...base,
            status: 'Failed',
            error: outcome.reason,
            deliveredAt: undefined,
          });
          return;
        }
        this.options.logger.info(
          { ...context, status: outcome.status, reason: outcome.reason, retryInMs: delay },
          'delivery will be retried',
        );
        // Woken once it is Pending again: before, it is still leased to this sender.
        void this.record({
          ...base,
          status: 'Pending',
          error: outcome.reason,
          deliveredAt: undefined,
          nextAttemptAt: (now + delay) as UnixMillis,
        }).then(() => this.wakeAfter(delay));
        return;
      }
    }
  }

  private async channelGone(delivery: ClaimedDelivery, reason: string): Promise<void> {
    const { channel } = delivery;
    if (channel.kind === 'push') {
      const alertIds = (await this.options.store.deleteSubscription(channel.id)) ?? [];
      this.options.logger.info(
        { deliveryId: delivery.id, alertsRemoved: alertIds.length, reason },
        'push subscription is gone; removed it with its pending deliveries',
      );
      if (alertIds.length > 0) this.options.onAlertsRemoved(alertIds);
      return;
    }
    await this.options.store.disableChannel(channel.id, this.now() as UnixMillis);
    this.options.logger.info(
      { deliveryId: delivery.id, kind: channel.kind, reason },
      'channel is gone; disabled it',
    );
  }

  /**
   * Records an attempt, batched with the others that finish while sends are in flight: one
   * transaction for many deliveries instead of one each, written once the last send in flight has
   * finished (the next turn of the event loop) or {@link OUTCOME_WRITE_MAX_DELAY_MS} after the
   * first outcome waiting, whichever is sooner. Written a turn after each answer, a burst's first
   * 100 pushes waited for three such transactions between its batches of firings (tick → push
   * bench, issue #27). The delivery's slot is free already: its send is over, and it is claimed
   * (leased) until the write lands. A write that fails is logged; its deliveries are claimed again
   * when their lease runs out and sent again, as after a crash (see the NOTE on the class).
   *
   * @returns settles once the outcome is written (or the write failed); never rejects
   */
  private record(update: DeliveryUpdate): Promise<void> {
    this.finished.push(update);
    if (this.queuedWrite) return this.queuedWrite.written;
    let start = () => undefined as void;
    const due = new Promise<void>((resolve) => {
      start = resolve;
    });
    const timer = setTimeout(start, OUTCOME_WRITE_MAX_DELAY_MS);
    timer.unref();
    const written = due
      .then(() => {
        clearTimeout(timer);
        this.queuedWrite = undefined;
        const updates = this.finished.splice(0);
        return this.options.store.updateDeliveries(updates).catch((error: unknown) => {
          this.options.logger.error(
            { err: error, deliveries: updates.length },
            'could not record delivery attempts; they are sent again when their lease runs out',
          );
        });
      })
      .finally(() => {
        this.recordings.delete(written);
      });
    this.recordings.add(written);
    this.queuedWrite = { written, start: () => setImmediate(start) };
    // Nothing else in flight (this delivery's own task is about to end): write it next turn.
    if (this.inFlight.size <= 1 || this.closed) this.queuedWrite.start();
    return written;
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
