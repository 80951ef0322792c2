import { type Candle } from '@pairwatch/domain';
import { type Logger } from 'pino';
import { type FeedConnectionTiming } from './FeedConnection';
import { FeedSlot, type FeedSlotOptions } from './FeedSlot';
import { NewConnectionBudget } from './NewConnectionBudget';
import { type UpstreamSocketFactory } from './UpstreamSocket';

/** What the feed reports about each stream it carries. */
export interface MarketFeedEvents {
  /** The stream flows on a connection; anything before this moment may have been missed. */
  onActive(stream: string): void;
  /** The stream stopped flowing (the connection dropped): a gap begins. */
  onInactive(stream: string): void;
  /** One kline update of an active stream. */
  onCandle(stream: string, candle: Candle, closed: boolean): void;
}

/** Construction options of {@link MarketFeed}; the timings default to production values. */
export interface MarketFeedOptions {
  /** `BINANCE_WS_URL`; `/stream?streams=…` is appended. */
  readonly wsBaseUrl: string;
  readonly connect: UpstreamSocketFactory;
  readonly logger: Logger;
  readonly events: MarketFeedEvents;
  readonly now?: () => number;
  /** In [0, 1); injected for tests of the jitter. */
  readonly random?: () => number;
  /**
   * Minimum spacing of the frames we send (default 400 ms). Binance allows 5 frames/s, counted as
   * they arrive: 400 ms keeps any 2 s of our sending within 5 frames, so even frames held up for a
   * second on the way (a busy network or server) cannot arrive as 6 in one second.
   */
  readonly controlIntervalMs?: number;
  /** First reconnect delay ceiling (doubles per failed attempt). */
  readonly reconnectBaseMs?: number;
  /** Largest reconnect delay. */
  readonly reconnectMaxMs?: number;
  /** A connection open this long resets the backoff. */
  readonly stableAfterMs?: number;
  /** No frame at all (data or ping) for this long = a stalled connection. Binance pings every 20 s. */
  readonly stallTimeoutMs?: number;
  /** A SUBSCRIBE/UNSUBSCRIBE unanswered this long = a broken connection. */
  readonly ackTimeoutMs?: number;
  /** Planned replacement of a connection, before Binance's 24 h cut. */
  readonly rotateAfterMs?: number;
  /** How long a connection with no wanted stream stays open (streams often come back at once). */
  readonly idleCloseMs?: number;
  /**
   * How long a planned switch (rotation, `serverShutdown`) waits for the new connection to carry
   * every stream before it switches anyway.
   */
  readonly switchTimeoutMs?: number;
  /** Streams per connection (Binance: 1024); more streams open more connections. */
  readonly maxStreamsPerConnection?: number;
  /**
   * New connections allowed per window, shared by every connection of the process (Binance: 300
   * per 5 minutes per IP). Several processes behind one IP should split it.
   */
  readonly connectionBudget?: { readonly max?: number; readonly windowMs?: number };
}

/** Binance: at most 1024 streams per connection. */
const MAX_STREAMS_PER_CONNECTION = 1024;

/**
 * The process's upstream combined-stream WebSockets (architecture §5). Streams are acquired and
 * released by reference count; each wanted stream is assigned to a {@link FeedSlot}, one
 * connection's worth of streams, filled first come first served up to `maxStreamsPerConnection`
 * (Binance: 1024), so N streams take ⌈N / 1024⌉ connections when added in one go. A stream stays
 * on its slot until released (moving it would open a gap); a slot left empty closes after
 * `idleCloseMs`, and its room is reused before a new slot opens.
 *
 * Per connection, changes are batched into SUBSCRIBE/UNSUBSCRIBE frames paced under Binance's 5
 * frames/s (pongs included), pings are answered, a dropped or stalled connection is replaced with
 * exponential backoff and jitter, and a connection is replaced before its 24 h limit or on
 * `serverShutdown` by opening the new one before closing the old ("make before break"). Every new
 * connection, whichever slot asks, draws from one {@link NewConnectionBudget} (Binance: 300 per 5
 * minutes per IP).
 */
export class MarketFeed {
  private readonly refs = new Map<string, number>();
  /** The slot of each wanted stream. */
  private readonly slotOf = new Map<string, FeedSlot>();
  /** Open slots, oldest first: new streams fill the oldest one with room. */
  private readonly slots: FeedSlot[] = [];
  private readonly budget: NewConnectionBudget;
  private readonly slotOptions: Omit<FeedSlotOptions, 'id'>;
  private readonly maxStreamsPerConnection: number;
  private nextSlotId = 1;
  private closing = false;

  constructor(options: MarketFeedOptions) {
    const now = options.now ?? Date.now;
    this.maxStreamsPerConnection = options.maxStreamsPerConnection ?? MAX_STREAMS_PER_CONNECTION;
    if (!Number.isInteger(this.maxStreamsPerConnection) || this.maxStreamsPerConnection < 1) {
      throw new RangeError(
        `maxStreamsPerConnection must be a whole number ≥ 1, got ${this.maxStreamsPerConnection}.`,
      );
    }
    this.budget = new NewConnectionBudget({
      ...options.connectionBudget,
      now: () => now(),
      logger: options.logger,
    });
    const ackTimeoutMs = options.ackTimeoutMs ?? 10_000;
    const timing: FeedConnectionTiming = {
      controlIntervalMs: options.controlIntervalMs ?? 400,
      ackTimeoutMs,
      stallTimeoutMs: options.stallTimeoutMs ?? 30_000,
      maxStreamsPerMessage: 200,
    };
    const { events } = options;
    this.slotOptions = {
      wsBaseUrl: options.wsBaseUrl,
      connect: options.connect,
      logger: options.logger,
      now: () => now(),
      random: options.random ?? Math.random,
      timing,
      budget: this.budget,
      reconnect: {
        baseMs: options.reconnectBaseMs ?? 500,
        maxMs: options.reconnectMaxMs ?? 30_000,
      },
      stableAfterMs: options.stableAfterMs ?? 10_000,
      rotateAfterMs: options.rotateAfterMs ?? 23.5 * 60 * 60 * 1000,
      idleCloseMs: options.idleCloseMs ?? 10_000,
      switchTimeoutMs: options.switchTimeoutMs ?? 3 * ackTimeoutMs,
      events: {
        onActive: (stream) => events.onActive(stream),
        onInactive: (stream) => events.onInactive(stream),
        onCandle: (stream, candle, closed) => events.onCandle(stream, candle, closed),
        onIdle: (slot) => this.forget(slot),
      },
    };
  }

  /** Whether every slot's connection is open now (false with no slot). */
  get connected(): boolean {
    return this.slots.length > 0 && this.slots.every((slot) => slot.connected);
  }

  /** How many distinct streams are wanted. */
  get streamCount(): number {
    return this.refs.size;
  }

  /** How many slots (connections, or connections being opened) there are. */
  get connectionCount(): number {
    return this.slots.length;
  }

  /** Whether `stream` flows now. */
  isActive(stream: string): boolean {
    return this.slotOf.get(stream)?.isActive(stream) ?? false;
  }

  /** Takes one reference on `stream`; the first one subscribes it upstream. */
  acquire(stream: string): void {
    if (this.closing) throw new Error('the market feed is closed');
    const count = this.refs.get(stream) ?? 0;
    this.refs.set(stream, count + 1);
    if (count > 0) return;
    const slot =
      this.slots.find((candidate) => candidate.size < this.maxStreamsPerConnection) ??
      this.openSlot();
    this.slotOf.set(stream, slot);
    slot.add(stream);
  }

  /** Drops one reference on `stream`; the last one unsubscribes it upstream. */
  release(stream: string): void {
    const count = this.refs.get(stream) ?? 0;
    if (count === 0) return;
    if (count > 1) {
      this.refs.set(stream, count - 1);
      return;
    }
    this.refs.delete(stream);
    const slot = this.slotOf.get(stream);
    this.slotOf.delete(stream);
    slot?.remove(stream);
  }

  /** Closes every connection and stops reconnecting. */
  close(): void {
    this.closing = true;
    this.budget.close();
    for (const slot of this.slots) slot.close();
    this.slots.length = 0;
  }

  private openSlot(): FeedSlot {
    const slot = new FeedSlot({ ...this.slotOptions, id: this.nextSlotId++ });
    this.slots.push(slot);
    return slot;
  }

  /** An idle slot closed itself: its room is gone. */
  private forget(slot: FeedSlot): void {
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
  }
}
