/**
 * The market feed's view of one upstream WebSocket, so the feed's logic (refcounts, batching,
 * reconnect, rotation) runs against a fake in unit tests and against `ws` in production.
 */
export interface UpstreamSocket {
  /** Sends a text frame. */
  send(text: string): void;
  /** Answers a ping frame with the same payload. */
  pong(payload: Buffer): void;
  /** Closes gracefully (close frame). */
  close(): void;
  /** Drops the connection at once (a stalled peer never answers a close frame). */
  terminate(): void;
}

/** What an {@link UpstreamSocket} reports. After `onClose` it reports nothing more. */
export interface UpstreamSocketEvents {
  onOpen(): void;
  onMessage(text: string): void;
  onPing(payload: Buffer): void;
  onClose(code: number, reason: string): void;
  onError(error: Error): void;
}

/** Opens a socket to `url` that reports to `events`. */
export type UpstreamSocketFactory = (url: string, events: UpstreamSocketEvents) => UpstreamSocket;
