import {
  HttpTransportType,
  type HubConnection,
  HubConnectionBuilder,
  type IRetryPolicy,
  LogLevel,
} from '@microsoft/signalr';
import { type HubConnectionPort } from './HubConnectionPort';
import { ReconnectPolicy } from './ReconnectPolicy';

/** Spec §9 and architecture §4: the client gives up on a silent server after 30 s, pings every 15 s. */
const SERVER_TIMEOUT_MS = 30_000;
const KEEP_ALIVE_INTERVAL_MS = 15_000;

/** Options of {@link createSignalRConnection}. */
export interface SignalRConnectionOptions {
  /** When to retry after a drop; {@link ReconnectPolicy} (forever) by default. */
  readonly retryPolicy?: IRetryPolicy;
  /** The client's console logging; warnings and errors by default. */
  readonly logLevel?: LogLevel;
}

/**
 * Builds the `@microsoft/signalr` connection used in the browser: negotiated, with the transport
 * fallback WebSockets → Server-Sent Events → long polling, server timeout 30 s, keep-alive 15 s
 * and automatic reconnect that never gives up.
 *
 * @param url - the hub's absolute URL, e.g. `http://127.0.0.1:5080/candles-hub`.
 * @returns the connection (not started).
 * @example `const hub = buildHubConnection('http://127.0.0.1:5080/candles-hub');`
 */
export function buildHubConnection(
  url: string,
  options: SignalRConnectionOptions = {},
): HubConnection {
  return new HubConnectionBuilder()
    .withUrl(url, {
      transport:
        HttpTransportType.WebSockets |
        HttpTransportType.ServerSentEvents |
        HttpTransportType.LongPolling,
    })
    .withAutomaticReconnect(options.retryPolicy ?? new ReconnectPolicy())
    .withServerTimeout(SERVER_TIMEOUT_MS)
    .withKeepAliveInterval(KEEP_ALIVE_INTERVAL_MS)
    .configureLogging(options.logLevel ?? LogLevel.Warning)
    .build();
}

/**
 * The production {@link HubConnectionPort}: a `@microsoft/signalr` connection built by
 * {@link buildHubConnection}.
 *
 * @param url - the hub's absolute URL.
 * @returns a port whose `on…` registrations can each be undone (SignalR's own lifecycle
 * callbacks cannot).
 * @example `configureMarketData({ apiUrl, connect: (url) => createSignalRConnection(url) })`
 */
export function createSignalRConnection(
  url: string,
  options: SignalRConnectionOptions = {},
): HubConnectionPort {
  const connection = buildHubConnection(url, options);
  const closeHandlers = new Set<(error?: Error) => void>();
  const reconnectingHandlers = new Set<(error?: Error) => void>();
  const reconnectedHandlers = new Set<() => void>();
  // Snapshots, so a handler that unregisters (itself or another) does not disturb the loop.
  connection.onclose((error) => [...closeHandlers].forEach((handler) => handler(error)));
  connection.onreconnecting((error) =>
    [...reconnectingHandlers].forEach((handler) => handler(error)),
  );
  connection.onreconnected(() => [...reconnectedHandlers].forEach((handler) => handler()));

  const register = <T>(handlers: Set<T>, handler: T) => {
    handlers.add(handler);
    return () => {
      handlers.delete(handler);
    };
  };

  return {
    start: () => connection.start(),
    stop: () => connection.stop(),
    invoke: (method, ...args) => connection.invoke(method, ...args),
    on: (event, handler) => {
      connection.on(event, handler);
      return () => connection.off(event, handler);
    },
    onClose: (handler) => register(closeHandlers, handler),
    onReconnecting: (handler) => register(reconnectingHandlers, handler),
    onReconnected: (handler) => register(reconnectedHandlers, handler),
  };
}
