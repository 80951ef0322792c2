import { type Frame } from './Frame';

/**
 * A SignalR transport, named as on the wire (negotiate's `availableTransports`).
 *
 * @public
 */
export type TransportKind = 'WebSockets' | 'ServerSentEvents' | 'LongPolling';

/** All transports in the order the server offers them (the client tries them in this order). */
export const TRANSPORT_KINDS: readonly TransportKind[] = [
  'WebSockets',
  'ServerSentEvents',
  'LongPolling',
];

/**
 * What a transport needs from the connection it carries.
 *
 * @internal
 */
export interface TransportOwner {
  /** Inbound bytes (one WebSocket message or POST body). */
  receive(chunk: Buffer): void;
  /** Whether messages are waiting in the connection's queue. */
  readonly hasQueued: boolean;
  /** Removes and returns the queued messages, oldest first. */
  takeQueued(): Frame[];
  /** The transport can take more data (buffer drained). */
  transportReady(): void;
  /** The transport is gone for good (peer closed, request ended, deleted, aborted). */
  transportClosed(error?: Error): void;
}

/**
 * The server → client half of a transport. The hub layer sees only this: it hands over whole
 * frames and never learns which transport carries them.
 *
 * @internal
 */
export interface Transport {
  readonly kind: TransportKind;
  /** Writes `frame` now if the transport has room; false means the caller must queue it. */
  tryWrite(frame: Frame): boolean;
  /** Tells the transport that the queue holds data it should collect when it can. */
  notifyQueued(): void;
  /** Writes the queued frames, then ends the transport cleanly. */
  end(): void;
  /** Ends at once without waiting for buffers to drain. */
  abort(): void;
  /**
   * For transports that can be without a pending request (long polling): how long it has been
   * without one at `now`, or 0 while a request is pending. Always 0 for streaming transports.
   */
  idleFor(now: number): number;
}
