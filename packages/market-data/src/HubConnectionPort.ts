/**
 * The small surface of a hub connection that market-data uses: the real one wraps
 * `@microsoft/signalr` (`createSignalRConnection`), unit tests use a fake driver.
 *
 * Every `on…` registration returns its own teardown. The callbacks follow SignalR's
 * automatic-reconnect lifecycle: `onReconnecting` when an open connection drops and the client
 * starts retrying, `onReconnected` once it is back (server-side state such as hub groups is gone
 * by then), `onClose` when the connection ends for good (after `stop()`, or when the server closed
 * it without allowing a reconnect).
 *
 * @example
 * ```ts
 * const port = createSignalRConnection('http://127.0.0.1:5080/candles-hub');
 * const off = port.on('CandleUpdate', (update) => console.log(update));
 * await port.start();
 * await port.invoke('SubscribeToCandleUpdates', ['BTCUSDT'], ['OneMinute']);
 * ```
 */
export interface HubConnectionPort {
  /** Opens the connection; rejects when no transport can connect. */
  start(): Promise<void>;
  /** Closes the connection; resolves once closed. */
  stop(): Promise<void>;
  /** Calls a hub method and resolves with its result; rejects with the hub's error text. */
  invoke(method: string, ...args: unknown[]): Promise<unknown>;
  /** Listens to a server-to-client method. */
  on(event: string, handler: (...args: unknown[]) => void): () => void;
  onClose(handler: (error?: Error) => void): () => void;
  onReconnecting(handler: (error?: Error) => void): () => void;
  onReconnected(handler: () => void): () => void;
}

/**
 * Creates a (not yet started) hub connection to `url`.
 *
 * @example `const connect: HubConnectionFactory = (url) => createSignalRConnection(url);`
 */
export type HubConnectionFactory = (url: string) => HubConnectionPort;
