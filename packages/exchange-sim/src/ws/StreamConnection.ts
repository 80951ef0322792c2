import { type WebSocket } from 'ws';
import { type KlineStream } from './parseStreamName';

/** One subscribed stream of a connection and the open time of the last kline it was sent. */
export interface Subscription {
  readonly stream: KlineStream;
  lastOpenTime: number | undefined;
}

/** Per-connection state of the stream server: subscriptions, format, limits, pings. */
export class StreamConnection {
  /** Subscriptions by stream name, in subscription order. */
  readonly subscriptions = new Map<string, Subscription>();
  /** Ping payloads not yet answered, with the time each was sent (ms on the server's timers). */
  readonly unansweredPings = new Map<string, number>();
  private windowStart = 0;
  private windowCount = 0;

  constructor(
    readonly socket: WebSocket,
    /** `{stream, data}` envelopes (true for /stream, false for /ws; SET_PROPERTY changes it). */
    public combined: boolean,
  ) {}

  /** Adds streams not already subscribed. */
  subscribe(streams: readonly KlineStream[]): void {
    for (const stream of streams) {
      if (!this.subscriptions.has(stream.name)) {
        this.subscriptions.set(stream.name, { stream, lastOpenTime: undefined });
      }
    }
  }

  /** Counts one incoming message; false once the connection exceeds `limit` in one second. */
  countMessage(nowMs: number, limit: number): boolean {
    if (nowMs - this.windowStart >= 1000) {
      this.windowStart = nowMs;
      this.windowCount = 0;
    }
    this.windowCount += 1;
    return this.windowCount <= limit;
  }

  /** Sends a text frame unless the client is too far behind (it gets the latest state later). */
  send(text: string): void {
    if (this.socket.readyState !== this.socket.OPEN) return;
    if (this.socket.bufferedAmount > 1_000_000) return;
    this.socket.send(text);
  }
}
