import { type TransportKind } from './Transport';

/**
 * Options of a message sent to clients.
 *
 * @public
 */
export interface SendOptions {
  /**
   * Coalescing key. While a connection cannot keep up, a queued message with the same key is
   * replaced by this one (e.g. `'BTCUSDT:OneMinute'` for candle updates, where only the latest
   * matters). Unkeyed messages are never dropped.
   */
  readonly key?: string;
}

/**
 * How to close a connection.
 *
 * @public
 */
export interface CloseOptions {
  /** Reason shown to the client (`onclose`/`onreconnecting` error). Omit for a normal close. */
  readonly error?: string;
  /**
   * Let the client reconnect automatically (transient causes: restart, overload, slow consumer).
   * Without it the official client stops for good, even with automatic reconnect on.
   */
  readonly allowReconnect?: boolean;
}

/**
 * The server's view of one client connection, handed to hub methods and lifecycle hooks.
 *
 * @public
 */
export interface ClientConnection<TState> {
  /** Public id of the connection (safe to show to others; never the secret connection token). */
  readonly connectionId: string;
  /** The transport in use. */
  readonly transport: TransportKind;
  /** Per-connection state created by the hub's `createState`. */
  readonly state: TState;
  /** Groups this connection belongs to. */
  readonly groups: ReadonlySet<string>;
  /** Whether the connection is still open (false once it is closing or closed). */
  readonly isOpen: boolean;
  /** Sends an invocation of client method `target` to this connection only. */
  send(target: string, args: readonly unknown[], options?: SendOptions): void;
  /** Adds this connection to `group` (no-op if already there). */
  addToGroup(group: string): void;
  /** Removes this connection from `group` (no-op if not there). */
  removeFromGroup(group: string): void;
  /** Sends a Close message and ends the transport. */
  close(options?: CloseOptions): void;
}
