import { type Frame } from './Frame';
import { type TransportKind } from './TransportKind';

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
