import { type Candle } from '@pairwatch/domain';
import { type Logger } from 'pino';
import { backoffWithJitter, type BackoffTiming } from '../util/backoffWithJitter';
import { OneShotTimer } from '../util/OneShotTimer';
import {
  FeedConnection,
  type FeedConnectionOwner,
  type FeedConnectionTiming,
} from './FeedConnection';
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
  /** Minimum spacing of the frames we send: 250 ms keeps us under Binance's 5 frames/s. */
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
}

/** Binance: at most 1024 streams per connection. */
export const MAX_STREAMS = 1024;
/** Streams put in the connection URL; more are subscribed by message. */
const URL_STREAMS = 200;

/**
 * The one upstream combined-stream WebSocket of the process (architecture §5). Streams are
 * acquired and released by reference count; changes are batched into SUBSCRIBE/UNSUBSCRIBE frames
 * paced under Binance's frame limit; pings are answered; a dropped or stalled connection is
 * replaced with exponential backoff and jitter; a connection is replaced before its 24 h limit or
 * when the server announces `serverShutdown`, by opening the new one before closing the old
 * ("make before break"), so planned switches leave no gap.
 */
export class MarketFeed {
  private readonly refs = new Map<string, number>();
  private readonly wanted = new Set<string>();
  private current: FeedConnection | undefined;
  private successor: FeedConnection | undefined;
  private attempt = 0;
  private readonly reconnectTimer = new OneShotTimer();
  private readonly rotateTimer = new OneShotTimer();
  private readonly idleTimer = new OneShotTimer();
  private readonly stableTimer = new OneShotTimer();
  private closing = false;
  private readonly owner: FeedConnectionOwner;
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly reconnect: BackoffTiming;
  private readonly stableAfterMs: number;
  private readonly rotateAfterMs: number;
  private readonly idleCloseMs: number;

  constructor(private readonly options: MarketFeedOptions) {
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
    this.reconnect = {
      baseMs: options.reconnectBaseMs ?? 500,
      maxMs: options.reconnectMaxMs ?? 30_000,
    };
    this.stableAfterMs = options.stableAfterMs ?? 10_000;
    this.rotateAfterMs = options.rotateAfterMs ?? 23.5 * 60 * 60 * 1000;
    this.idleCloseMs = options.idleCloseMs ?? 10_000;
    const timing: FeedConnectionTiming = {
      controlIntervalMs: options.controlIntervalMs ?? 250,
      ackTimeoutMs: options.ackTimeoutMs ?? 10_000,
      stallTimeoutMs: options.stallTimeoutMs ?? 30_000,
      maxStreamsPerMessage: 200,
    };
    this.owner = {
      logger: options.logger,
      timing,
      now: () => this.now(),
      desired: () => this.wanted,
      opened: (connection) => this.handleOpened(connection),
      closed: (connection, why) => this.handleClosed(connection, why),
      streamActive: (connection, stream) => {
        if (connection === this.current && this.wanted.has(stream)) options.events.onActive(stream);
      },
      candle: (connection, stream, candle, closed) => {
        if (connection === this.current && this.wanted.has(stream)) {
          options.events.onCandle(stream, candle, closed);
        }
      },
      shutdownNotice: (connection) => {
        if (connection === this.current) this.rotate();
      },
    };
  }

  /** Whether a connection is open now. */
  get connected(): boolean {
    return this.current?.isOpen ?? false;
  }

  /** How many distinct streams are wanted. */
  get streamCount(): number {
    return this.wanted.size;
  }

  /** Whether `stream` flows now. */
  isActive(stream: string): boolean {
    return (
      this.current?.isOpen === true && this.current.streams.has(stream) && this.wanted.has(stream)
    );
  }

  /** Takes one reference on `stream`; the first one subscribes it upstream. */
  acquire(stream: string): void {
    if (this.closing) throw new Error('the market feed is closed');
    const count = this.refs.get(stream) ?? 0;
    if (count === 0 && this.wanted.size >= MAX_STREAMS) {
      throw new RangeError(
        `a connection carries at most ${MAX_STREAMS} streams; '${stream}' is one too many`,
      );
    }
    this.refs.set(stream, count + 1);
    if (count > 0) return;
    this.wanted.add(stream);
    this.idleTimer.clear();
    if (this.current === undefined && this.successor === undefined) {
      if (!this.reconnectTimer.pending) this.connect();
    } else {
      this.current?.reconcile();
    }
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
    this.wanted.delete(stream);
    this.current?.reconcile();
    if (this.wanted.size === 0) this.scheduleIdleClose();
  }

  /** Closes every connection and stops reconnecting. */
  close(): void {
    this.closing = true;
    for (const timer of [this.reconnectTimer, this.rotateTimer, this.idleTimer, this.stableTimer]) {
      timer.clear();
    }
    this.current?.dispose();
    this.successor?.dispose();
    this.current = undefined;
    this.successor = undefined;
  }

  private connect(): void {
    const streams = [...this.wanted].slice(0, URL_STREAMS);
    const url = `${this.options.wsBaseUrl}/stream?streams=${streams.join('/')}`;
    this.options.logger.debug({ streams: streams.length }, 'market upstream connecting');
    this.successor = new FeedConnection(this.owner, this.options.connect, url, streams);
  }

  /** Replaces the current connection without a gap (24 h limit, `serverShutdown`). */
  private rotate(): void {
    if (this.closing || this.successor !== undefined || this.wanted.size === 0) return;
    this.connect();
  }

  private handleOpened(connection: FeedConnection): void {
    if (connection !== this.successor) return;
    const previous = this.current;
    this.successor = undefined;
    this.current = connection;
    this.options.logger.info({ streams: connection.streams.size }, 'market upstream connected');
    if (previous !== undefined) {
      previous.dispose();
      for (const stream of previous.streams) {
        if (this.wanted.has(stream) && !connection.streams.has(stream))
          this.options.events.onInactive(stream);
      }
    }
    for (const stream of connection.streams) {
      if (this.wanted.has(stream) && !(previous?.streams.has(stream) ?? false))
        this.options.events.onActive(stream);
    }
    this.rotateTimer.set(() => this.rotate(), this.rotateAfterMs);
    this.stableTimer.set(() => {
      this.attempt = 0;
    }, this.stableAfterMs);
    if (this.wanted.size === 0) this.scheduleIdleClose();
  }

  private handleClosed(connection: FeedConnection, why: string): void {
    if (connection === this.successor) {
      this.successor = undefined;
      this.options.logger.warn({ why }, 'market upstream connection attempt failed');
    } else if (connection === this.current) {
      this.current = undefined;
      this.rotateTimer.clear();
      this.options.logger.warn({ why }, 'market upstream connection lost');
      for (const stream of connection.streams) {
        if (this.wanted.has(stream)) this.options.events.onInactive(stream);
      }
    } else {
      return;
    }
    this.stableTimer.clear();
    if (this.closing || this.wanted.size === 0 || this.successor !== undefined) return;
    if (this.current !== undefined) {
      // A planned switch failed while the old connection still works: try again later.
      this.rotateTimer.set(() => this.rotate(), this.backoffDelay());
      return;
    }
    if (this.reconnectTimer.pending) return;
    this.reconnectTimer.set(() => {
      if (
        !this.closing &&
        this.wanted.size > 0 &&
        this.current === undefined &&
        this.successor === undefined
      ) {
        this.connect();
      }
    }, this.backoffDelay());
  }

  /** The next reconnect delay; a connection that stays up for `stableAfterMs` starts it over. */
  private backoffDelay(): number {
    const delay = backoffWithJitter(this.attempt, this.reconnect, this.random);
    this.attempt = Math.min(this.attempt + 1, 30);
    return delay;
  }

  private scheduleIdleClose(): void {
    this.idleTimer.set(() => {
      if (this.wanted.size > 0) return;
      this.current?.dispose();
      this.successor?.dispose();
      this.current = undefined;
      this.successor = undefined;
      this.rotateTimer.clear();
      this.options.logger.info('market upstream closed: no stream wanted');
    }, this.idleCloseMs);
  }
}
