import { type Candle } from '@pairwatch/domain';
import { type Logger } from 'pino';
import { backoffWithJitter, type BackoffTiming } from '../util/backoffWithJitter';
import { OneShotTimer } from '../util/OneShotTimer';
import {
  FeedConnection,
  type FeedConnectionOwner,
  type FeedConnectionTiming,
} from './FeedConnection';
import { type NewConnectionBudget } from './NewConnectionBudget';
import { type UpstreamSocketFactory } from './UpstreamSocket';

/** What a slot reports to the feed: the feed's stream events, and its own end. */
export interface FeedSlotEvents {
  onActive(stream: string): void;
  onInactive(stream: string): void;
  onCandle(stream: string, candle: Candle, closed: boolean): void;
  /** The slot closed for want of streams; it does nothing more and takes no more streams. */
  onIdle(slot: FeedSlot): void;
}

/** Construction options of {@link FeedSlot} (the feed's, resolved to values). */
export interface FeedSlotOptions {
  /** Tells the slots apart in the logs. */
  readonly id: number;
  readonly wsBaseUrl: string;
  readonly connect: UpstreamSocketFactory;
  readonly logger: Logger;
  readonly now: () => number;
  readonly random: () => number;
  readonly timing: FeedConnectionTiming;
  /** Every new connection of the process draws from it. */
  readonly budget: NewConnectionBudget;
  readonly reconnect: BackoffTiming;
  readonly stableAfterMs: number;
  readonly rotateAfterMs: number;
  readonly idleCloseMs: number;
  /** How long a planned switch waits for the new connection to carry every stream. */
  readonly switchTimeoutMs: number;
  readonly events: FeedSlotEvents;
}

/** Streams put in the connection URL; more are subscribed by message. */
const URL_STREAMS = 200;

/**
 * One upstream connection's worth of streams (Binance: up to 1024), and the connection that
 * carries them: one at a time, two during a planned switch. It connects when it gets its first
 * stream, reconnects with backoff and jitter when the connection drops or stalls, replaces the
 * connection before Binance's 24 h cut or on `serverShutdown`, and closes when it has had no
 * stream for `idleCloseMs`. Every connection it opens waits for the shared
 * {@link NewConnectionBudget}.
 *
 * NOTE: a planned switch is "make before break": the new connection opens and subscribes every
 * stream while the old one keeps delivering, and only then replaces it, so no stream sees a gap.
 * If that takes longer than `switchTimeoutMs` (a refused stream), it switches anyway; streams not
 * yet on the new connection then report a gap and are backfilled.
 */
export class FeedSlot {
  /** The streams assigned to this slot. */
  readonly streams = new Set<string>();
  private current: FeedConnection | undefined;
  private successor: FeedConnection | undefined;
  /** Withdraws a connect waiting for the budget. */
  private withdrawConnect: (() => void) | undefined;
  private attempt = 0;
  private closed = false;
  private readonly reconnectTimer = new OneShotTimer();
  private readonly rotateTimer = new OneShotTimer();
  private readonly idleTimer = new OneShotTimer();
  private readonly stableTimer = new OneShotTimer();
  private readonly switchTimer = new OneShotTimer();
  private readonly owner: FeedConnectionOwner;

  constructor(private readonly options: FeedSlotOptions) {
    const { events } = options;
    this.owner = {
      logger: options.logger,
      timing: options.timing,
      now: () => options.now(),
      desired: () => this.streams,
      opened: (connection) => this.handleOpened(connection),
      closed: (connection, why) => this.handleClosed(connection, why),
      streamActive: (connection, stream) => {
        if (!this.streams.has(stream)) return;
        if (connection === this.current) events.onActive(stream);
        else if (connection === this.successor) this.switchIfReady();
      },
      candle: (connection, stream, candle, closed) => {
        if (connection === this.current && this.streams.has(stream)) {
          events.onCandle(stream, candle, closed);
        }
      },
      shutdownNotice: (connection) => {
        if (connection === this.current) this.rotate();
      },
    };
  }

  /** Streams assigned. */
  get size(): number {
    return this.streams.size;
  }

  /** Whether the slot has closed for good. */
  get isClosed(): boolean {
    return this.closed;
  }

  /** Whether its connection is open now. */
  get connected(): boolean {
    return this.current?.isOpen ?? false;
  }

  /** Whether `stream` flows now. */
  isActive(stream: string): boolean {
    return (
      this.current?.isOpen === true && this.current.streams.has(stream) && this.streams.has(stream)
    );
  }

  /** Assigns a stream: it is subscribed on the connection, which opens if there is none. */
  add(stream: string): void {
    if (this.closed) throw new Error('the feed slot is closed');
    this.streams.add(stream);
    this.idleTimer.clear();
    if (this.current === undefined && this.successor === undefined) {
      if (!this.reconnectTimer.pending) this.connect();
      return;
    }
    this.current?.reconcile();
    this.successor?.reconcile();
  }

  /** Unassigns a stream: it is unsubscribed; an empty slot closes after `idleCloseMs`. */
  remove(stream: string): void {
    if (!this.streams.delete(stream)) return;
    this.current?.reconcile();
    this.successor?.reconcile();
    if (this.streams.size === 0) this.scheduleIdleClose();
  }

  /** Closes every connection and stops reconnecting; reports nothing more. */
  close(): void {
    this.closed = true;
    for (const timer of [
      this.reconnectTimer,
      this.rotateTimer,
      this.idleTimer,
      this.stableTimer,
      this.switchTimer,
    ]) {
      timer.close();
    }
    this.withdrawConnect?.();
    this.withdrawConnect = undefined;
    this.current?.dispose();
    this.successor?.dispose();
    this.current = undefined;
    this.successor = undefined;
  }

  /** Opens a connection (a successor) once the budget allows. */
  private connect(): void {
    if (this.closed || this.withdrawConnect !== undefined) return;
    let ran = false;
    const withdraw = this.options.budget.request(() => {
      ran = true;
      this.withdrawConnect = undefined;
      this.open();
    });
    if (!ran) this.withdrawConnect = withdraw;
  }

  private open(): void {
    if (this.closed || this.successor !== undefined || this.streams.size === 0) return;
    const streams = [...this.streams].slice(0, URL_STREAMS);
    // `+` (in `…@+08:00` zone streams) would read as a space in a query string.
    const query = streams.join('/').replaceAll('+', '%2B');
    const url = `${this.options.wsBaseUrl}/stream?streams=${query}`;
    this.options.logger.debug(
      { slot: this.options.id, streams: streams.length },
      'market upstream connecting',
    );
    this.successor = new FeedConnection(this.owner, this.options.connect, url, streams);
  }

  /** Replaces the current connection without a gap (24 h limit, `serverShutdown`). */
  private rotate(): void {
    if (this.closed || this.successor !== undefined || this.streams.size === 0) return;
    this.connect();
  }

  private handleOpened(connection: FeedConnection): void {
    if (connection !== this.successor) return;
    if (this.current === undefined) {
      this.promote(connection);
      return;
    }
    // A planned switch: the old connection delivers until the new one carries everything.
    this.switchTimer.set(() => {
      if (this.successor !== connection) return;
      this.options.logger.warn(
        { slot: this.options.id, missing: this.missingOn(connection) },
        'market upstream switch incomplete after the timeout: switching anyway',
      );
      this.promote(connection);
    }, this.options.switchTimeoutMs);
    this.switchIfReady();
  }

  private switchIfReady(): void {
    const successor = this.successor;
    if (successor?.isOpen === true && this.missingOn(successor) === 0) this.promote(successor);
  }

  /** Assigned streams the connection does not carry yet. */
  private missingOn(connection: FeedConnection): number {
    let missing = 0;
    for (const stream of this.streams) if (!connection.streams.has(stream)) missing += 1;
    return missing;
  }

  /** Makes `connection` the current one, retiring the previous, and reports what changed. */
  private promote(connection: FeedConnection): void {
    const { events, logger } = this.options;
    const previous = this.current;
    this.successor = undefined;
    this.switchTimer.clear();
    this.current = connection;
    logger.info(
      { slot: this.options.id, streams: connection.streams.size },
      previous === undefined ? 'market upstream connected' : 'market upstream connection replaced',
    );
    if (previous !== undefined) {
      previous.dispose();
      for (const stream of previous.streams) {
        if (this.streams.has(stream) && !connection.streams.has(stream)) events.onInactive(stream);
      }
    }
    for (const stream of connection.streams) {
      if (this.streams.has(stream) && !(previous?.streams.has(stream) ?? false)) {
        events.onActive(stream);
      }
    }
    this.rotateTimer.set(() => this.rotate(), this.options.rotateAfterMs);
    this.stableTimer.set(() => {
      this.attempt = 0;
    }, this.options.stableAfterMs);
    if (this.streams.size === 0) this.scheduleIdleClose();
  }

  private handleClosed(connection: FeedConnection, why: string): void {
    const { logger, events } = this.options;
    if (connection === this.successor) {
      this.successor = undefined;
      this.switchTimer.clear();
      logger.warn({ slot: this.options.id, why }, 'market upstream connection attempt failed');
    } else if (connection === this.current) {
      this.current = undefined;
      this.rotateTimer.clear();
      logger.warn({ slot: this.options.id, why }, 'market upstream connection lost');
      for (const stream of connection.streams) {
        if (this.streams.has(stream)) events.onInactive(stream);
      }
      // Lost during a planned switch: the new connection takes over now with what it has.
      const successor = this.successor;
      if (successor?.isOpen === true) {
        this.promote(successor);
        return;
      }
    } else {
      return;
    }
    this.stableTimer.clear();
    if (this.closed || this.streams.size === 0 || this.successor !== undefined) return;
    if (this.current !== undefined) {
      // A planned switch failed while the old connection still works: try again later.
      this.rotateTimer.set(() => this.rotate(), this.backoffDelay());
      return;
    }
    if (this.reconnectTimer.pending || this.withdrawConnect !== undefined) return;
    this.reconnectTimer.set(() => {
      if (this.current === undefined && this.successor === undefined) this.connect();
    }, this.backoffDelay());
  }

  /** The next reconnect delay; a connection that stays up for `stableAfterMs` starts it over. */
  private backoffDelay(): number {
    const delay = backoffWithJitter(this.attempt, this.options.reconnect, this.options.random);
    this.attempt = Math.min(this.attempt + 1, 30);
    return delay;
  }

  private scheduleIdleClose(): void {
    this.idleTimer.set(() => {
      if (this.streams.size > 0) return;
      this.close();
      this.options.logger.info(
        { slot: this.options.id },
        'market upstream closed: no stream wanted',
      );
      this.options.events.onIdle(this);
    }, this.options.idleCloseMs);
  }
}
