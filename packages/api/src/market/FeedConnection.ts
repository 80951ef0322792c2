import { type Candle } from '@pairwatch/domain';
import { type Logger } from 'pino';
import { parseStreamMessage } from './binanceWire';
import { type UpstreamSocket, type UpstreamSocketFactory } from './UpstreamSocket';

/** Timing rules of one upstream connection (see `MarketFeedOptions`). */
export interface FeedConnectionTiming {
  readonly controlIntervalMs: number;
  readonly ackTimeoutMs: number;
  readonly stallTimeoutMs: number;
  readonly maxStreamsPerMessage: number;
}

/** What a connection tells the feed that owns it. */
export interface FeedConnectionOwner {
  readonly logger: Logger;
  readonly timing: FeedConnectionTiming;
  now(): number;
  /** The streams wanted right now. */
  desired(): ReadonlySet<string>;
  opened(connection: FeedConnection): void;
  closed(connection: FeedConnection, why: string): void;
  streamActive(connection: FeedConnection, stream: string): void;
  candle(connection: FeedConnection, stream: string, candle: Candle, closed: boolean): void;
  shutdownNotice(connection: FeedConnection): void;
}

/** How long a refused SUBSCRIBE/UNSUBSCRIBE waits before it is asked again. */
const REFUSED_RETRY_MS = 5_000;

interface PendingRequest {
  readonly method: 'SUBSCRIBE' | 'UNSUBSCRIBE';
  readonly streams: readonly string[];
  readonly sentAt: number;
}

/**
 * One combined-stream WebSocket: which streams it carries, the SUBSCRIBE/UNSUBSCRIBE requests in
 * flight, and the pacing of everything it sends (Binance closes a connection that sends more than
 * 5 frames per second, pings and pongs included).
 */
export class FeedConnection {
  /** Streams this connection delivers (in the URL, or acknowledged). */
  readonly streams = new Set<string>();
  private readonly subscribing = new Set<string>();
  private readonly unsubscribing = new Set<string>();
  private readonly pending = new Map<number, PendingRequest>();
  private readonly pongs: Buffer[] = [];
  /** No request about these streams before this time (ms): the upstream refused the last one. */
  private readonly refusedUntil = new Map<string, number>();
  private readonly socket: UpstreamSocket;
  private state: 'connecting' | 'open' | 'closed' = 'connecting';
  private lastFrameAt: number;
  private lastSentAt = -Infinity;
  private nextId = 1;
  private flushTimer: NodeJS.Timeout | undefined;
  private readonly watchdog: NodeJS.Timeout;
  /** When it opened (ms), or undefined. */
  openedAt: number | undefined;

  constructor(
    private readonly owner: FeedConnectionOwner,
    connect: UpstreamSocketFactory,
    url: string,
    private readonly urlStreams: readonly string[],
  ) {
    this.lastFrameAt = owner.now();
    this.socket = connect(url, {
      onOpen: () => this.handleOpen(),
      onMessage: (text) => this.handleMessage(text),
      onPing: (payload) => this.handlePing(payload),
      onClose: (code, reason) =>
        this.handleClose(`closed by upstream (${code}${reason ? ` ${reason}` : ''})`),
      onError: (error) => owner.logger.warn({ err: error.message }, 'market upstream socket error'),
    });
    const { stallTimeoutMs } = owner.timing;
    this.watchdog = setInterval(
      () => this.checkStall(),
      Math.max(10, Math.floor(stallTimeoutMs / 4)),
    );
    this.watchdog.unref();
  }

  get isOpen(): boolean {
    return this.state === 'open';
  }

  /** Brings the connection's streams towards the wanted set, within the frame budget. */
  reconcile(): void {
    if (this.state !== 'open' || this.flushTimer !== undefined) return;
    const wait = Math.max(
      0,
      this.lastSentAt + this.owner.timing.controlIntervalMs - this.owner.now(),
    );
    this.flushTimer = setTimeout(() => {
      this.flushTimer = undefined;
      this.flush();
    }, wait);
    this.flushTimer.unref();
  }

  /** Closes without reporting anything more to the owner. */
  dispose(): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    this.stopTimers();
    this.socket.close();
  }

  /** Drops the connection and reports it closed (a stall or a protocol failure). */
  abort(why: string): void {
    if (this.state === 'closed') return;
    this.socket.terminate();
    this.handleClose(why);
  }

  private handleOpen(): void {
    if (this.state !== 'connecting') return;
    this.state = 'open';
    this.openedAt = this.owner.now();
    this.lastFrameAt = this.openedAt;
    for (const stream of this.urlStreams) this.streams.add(stream);
    this.owner.opened(this);
    this.reconcile();
  }

  private handleClose(why: string): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    this.stopTimers();
    this.owner.closed(this, why);
  }

  private handlePing(payload: Buffer): void {
    this.lastFrameAt = this.owner.now();
    this.pongs.push(payload);
    this.reconcile();
  }

  private handleMessage(text: string): void {
    if (this.state !== 'open') return;
    this.lastFrameAt = this.owner.now();
    let message: ReturnType<typeof parseStreamMessage>;
    try {
      message = parseStreamMessage(text);
    } catch (error: unknown) {
      this.owner.logger.warn({ err: String(error) }, 'market upstream sent an unreadable frame');
      return;
    }
    switch (message.kind) {
      case 'kline':
        if (this.streams.has(message.stream)) {
          this.owner.candle(this, message.stream, message.candle, message.closed);
        }
        return;
      case 'result':
        this.handleResult(message.id, message.error);
        return;
      case 'serverShutdown':
        this.owner.logger.info('market upstream announced a shutdown: switching connection');
        this.owner.shutdownNotice(this);
        return;
      case 'other':
        return;
    }
  }

  private handleResult(id: number | string | null, error: string | undefined): void {
    const request = typeof id === 'number' ? this.pending.get(id) : undefined;
    if (request === undefined) return;
    this.pending.delete(id as number);
    const target = request.method === 'SUBSCRIBE' ? this.subscribing : this.unsubscribing;
    for (const stream of request.streams) target.delete(stream);
    if (error !== undefined) {
      // It means a bug or a limit: log it, and ask again later rather than at the frame rate.
      this.owner.logger.error(
        { method: request.method, streams: request.streams, error },
        'market upstream refused a request',
      );
      const until = this.owner.now() + REFUSED_RETRY_MS;
      for (const stream of request.streams) this.refusedUntil.set(stream, until);
      setTimeout(() => this.reconcile(), REFUSED_RETRY_MS).unref();
    } else if (request.method === 'SUBSCRIBE') {
      for (const stream of request.streams) {
        this.streams.add(stream);
        this.owner.streamActive(this, stream);
      }
    } else {
      for (const stream of request.streams) this.streams.delete(stream);
    }
    this.reconcile();
  }

  private flush(): void {
    if (this.state !== 'open') return;
    const frame = this.nextFrame();
    if (frame === undefined) return;
    this.lastSentAt = this.owner.now();
    if (typeof frame === 'string') this.socket.send(frame);
    else this.socket.pong(frame);
    this.reconcile();
  }

  /** The next frame to send: pongs first, then subscriptions, then unsubscriptions. */
  private nextFrame(): string | Buffer | undefined {
    const pong = this.pongs.shift();
    if (pong !== undefined) return pong;
    const now = this.owner.now();
    const allowed = (stream: string): boolean => (this.refusedUntil.get(stream) ?? 0) <= now;
    const desired = this.owner.desired();
    const limit = this.owner.timing.maxStreamsPerMessage;
    const toSubscribe = [...desired]
      .filter(
        (stream) => !this.streams.has(stream) && !this.subscribing.has(stream) && allowed(stream),
      )
      .slice(0, limit);
    if (toSubscribe.length > 0) return this.request('SUBSCRIBE', toSubscribe, this.subscribing);
    const toUnsubscribe = [...this.streams]
      .filter(
        (stream) => !desired.has(stream) && !this.unsubscribing.has(stream) && allowed(stream),
      )
      .slice(0, limit);
    if (toUnsubscribe.length > 0)
      return this.request('UNSUBSCRIBE', toUnsubscribe, this.unsubscribing);
    return undefined;
  }

  private request(
    method: PendingRequest['method'],
    streams: string[],
    target: Set<string>,
  ): string {
    const id = this.nextId++;
    for (const stream of streams) target.add(stream);
    this.pending.set(id, { method, streams, sentAt: this.owner.now() });
    return JSON.stringify({ method, params: streams, id });
  }

  private checkStall(): void {
    const now = this.owner.now();
    const { stallTimeoutMs, ackTimeoutMs } = this.owner.timing;
    if (now - this.lastFrameAt > stallTimeoutMs) {
      this.owner.logger.warn(
        { silentMs: now - this.lastFrameAt },
        'market upstream stalled: reconnecting',
      );
      this.abort(`no frame for ${now - this.lastFrameAt} ms`);
      return;
    }
    for (const request of this.pending.values()) {
      if (now - request.sentAt > ackTimeoutMs) {
        this.abort(`${request.method} unanswered for ${now - request.sentAt} ms`);
        return;
      }
    }
  }

  private stopTimers(): void {
    clearInterval(this.watchdog);
    if (this.flushTimer !== undefined) clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
  }
}
