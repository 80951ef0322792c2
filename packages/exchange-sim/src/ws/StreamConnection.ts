import { WebSocket } from 'ws';
import { type KlineStream } from './parseStreamName';

/**
 * What the stream server does with a client's socket: a `ws` WebSocket, or a fake in unit tests
 * (see `src/test-support/FakeStreamSocket.ts`).
 */
export interface StreamSocket {
  readonly readyState: number;
  readonly bufferedAmount: number;
  send(text: string): void;
  ping(payload: string): void;
  close(code: number, reason: string): void;
  terminate(): void;
}

/** One subscribed stream of a connection and the open time of the last kline it was sent. */
export interface Subscription {
  readonly stream: KlineStream;
  lastOpenTime: number | undefined;
}

/** Per-connection state of the stream server: subscriptions, format, message rate. */
export class StreamConnection {
  /** Subscriptions by stream name, in subscription order. */
  readonly subscriptions = new Map<string, Subscription>();
  private windowStart = 0;
  private windowCount = 0;

  constructor(
    readonly socket: StreamSocket,
    /** `{stream, data}` envelopes (true for /stream, false for /ws; SET_PROPERTY changes it). */
    public combined: boolean,
  ) {}

  /** Whether the socket is open (frames sent now reach the client). */
  get isOpen(): boolean {
    return this.socket.readyState === WebSocket.OPEN;
  }

  /** Adds streams not already subscribed. */
  subscribe(streams: readonly KlineStream[]): void {
    for (const stream of streams) {
      if (!this.subscriptions.has(stream.name)) {
        this.subscriptions.set(stream.name, { stream, lastOpenTime: undefined });
      }
    }
  }

  /** Drops the named subscriptions (names not subscribed are ignored). */
  unsubscribe(names: readonly string[]): void {
    for (const name of names) this.subscriptions.delete(name);
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
    if (!this.isOpen) return;
    if (this.socket.bufferedAmount > 1_000_000) return;
    this.socket.send(text);
  }
}
