import { type IncomingMessage } from 'node:http';
import { type ClientConnection } from './ClientConnection';
import { type Logger } from './Logger';
import { type TransportKind } from './Transport';

/**
 * Settings of a {@link Hub}. Every duration is in milliseconds; every default is ASP.NET Core
 * SignalR's unless it says otherwise. Tests shorten the timings.
 *
 * @public
 */
export interface HubSettings<TState> {
  /** Send a Ping after this long without sending anything (WebSockets, SSE). Default 15 000. */
  readonly keepAliveIntervalMs?: number;
  /**
   * Close a WebSocket or SSE connection that has sent nothing for this long (its client pings
   * every 15 s by default). Default 30 000. Long polling is watched by {@link disconnectTimeoutMs}.
   */
  readonly clientTimeoutMs?: number;
  /** Close a connection whose transport is open but whose handshake has not come. Default 15 000. */
  readonly handshakeTimeoutMs?: number;
  /**
   * Drop a connection that has had no transport for this long: negotiated but never connected, or
   * a long-polling client that stopped polling. Default 15 000.
   */
  readonly disconnectTimeoutMs?: number;
  /** Answer a held long poll with an empty 200 after this long. Default 90 000 (keep under proxy idle timeouts). */
  readonly pollTimeoutMs?: number;
  /** How often the timers above are checked (one sweep over all connections). Default 1 000. */
  readonly tickIntervalMs?: number;
  /** Largest inbound hub message (one record), in bytes. Default 32 KiB. */
  readonly maxMessageSize?: number;
  /**
   * Largest inbound transport unit (one WebSocket message or POST body, which may batch several
   * records), in bytes. Default 4 × {@link maxMessageSize}.
   */
  readonly maxReceiveSize?: number;
  /**
   * When a WebSocket's or SSE response's send buffer holds more than this many bytes, new messages
   * wait in the connection's queue (where keyed messages replace older ones with the same key)
   * instead of being written. Default 64 KiB.
   */
  readonly sendHighWaterMark?: number;
  /** A connection whose queue grows past this many bytes is closed with `allowReconnect`. Default 1 MiB. */
  readonly maxQueuedBytes?: number;
  /** A connection that cannot drain its send buffer for this long is closed with `allowReconnect`. Default 10 000. */
  readonly slowConsumerTimeoutMs?: number;
  /** Most connections at once (negotiated or connected); negotiate refuses more. Default 10 000. */
  readonly maxConnections?: number;
  /**
   * Most connections at once from one client address (see {@link clientAddress}); negotiate
   * refuses more, so one client cannot fill {@link maxConnections} for everyone. IPv6 clients
   * count by their /64 (one subscriber's usual allocation), IPv4-mapped IPv6 as IPv4. Default 100.
   */
  readonly maxConnectionsPerClient?: number;
  /**
   * Share of {@link maxConnections} (and of {@link maxHttpStreamingConnections}) kept for client
   * addresses with few connections (fewer than 2 before the new one): once the rest is taken, only
   * those get in, so a few addresses at {@link maxConnectionsPerClient} cannot lock everyone else
   * out. 0 to 1 (exclusive); rounded down to whole connections. Default 0.2.
   */
  readonly reservedShare?: number;
  /**
   * When the hub is completely full, a new client from an address with few connections may take
   * the place of an idle connection: the oldest one, of the address with the most connections
   * (more than 2), that is in no group and has invoked nothing for this long. It is closed with
   * `allowReconnect`. Default 60 000.
   */
  readonly evictIdleAfterMs?: number;
  /**
   * WebSocket frames (of any kind, whole messages or fragments) one connection may send per
   * second, as a token bucket holding one second's worth; more closes it with 1008 (policy
   * violation). Tiny frames cost far more CPU than their bytes. Default 200.
   */
  readonly maxFramesPerSecond?: number;
  /** Most frames one WebSocket message may be split into; more closes with 1008. Default 64. */
  readonly maxFragmentsPerMessage?: number;
  /**
   * The address a request comes from, for {@link maxConnectionsPerClient}. Default: the socket's
   * remote address. Behind a reverse proxy, pass one that reads the proxy's `X-Forwarded-For` —
   * only when the proxy is trusted to set it.
   */
  readonly clientAddress?: (request: IncomingMessage) => string;
  /**
   * Drop a negotiated connection whose client has not opened a transport after this long. Real
   * clients connect right after negotiating; tokens nobody uses only hold a connection slot.
   * Default 5 000.
   */
  readonly negotiateTimeoutMs?: number;
  /**
   * Invocations of one connection waiting to run (they run one at a time, in order). A client
   * that queues more is closed with an error: it sends faster than any real client would.
   * Default 32.
   */
  readonly maxPendingInvocations?: number;
  /**
   * Invocations one connection may run per second (a token bucket holding one second's worth);
   * the ones over it are answered with an error and not run. Default 50.
   */
  readonly maxInvocationsPerSecond?: number;
  /** Most connections at once on Server-Sent Events or long polling (held HTTP requests). Default 2 000. */
  readonly maxHttpStreamingConnections?: number;
  /** How long {@link Hub.close} waits for transports to finish before it destroys them. Default 5 000. */
  readonly shutdownTimeoutMs?: number;
  /**
   * Origins allowed to call the hub from a browser on another origin (CORS with credentials, and
   * the `Origin` check of WebSocket upgrades). Requests with any other `Origin` get 403 — also
   * one that matches the request's `Host`, which a DNS-rebinding page controls: list the hub's
   * own origin too when pages on it use the hub. Requests without `Origin` (non-browser clients)
   * are allowed. `*` is refused: the SignalR client sends credentials. Default none.
   */
  readonly allowedOrigins?: readonly string[];
  /** Transports offered, in this order of preference. Default all three. */
  readonly transports?: readonly TransportKind[];
  /** Append exception details to error messages sent to clients (ASP.NET's `EnableDetailedErrors`). Default false. */
  readonly detailedErrors?: boolean;
  /** Where the hub logs. Default: nowhere. */
  readonly logger?: Logger;
  /** Called once a connection has completed its handshake. A throw closes that connection with an error. */
  readonly onConnected?: (connection: ClientConnection<TState>) => void | Promise<void>;
  /**
   * Called once when a connected connection ends, for whatever reason, while it is still in its
   * groups; `error` says why when it did not end normally.
   */
  readonly onDisconnected?: (
    connection: ClientConnection<TState>,
    error: Error | undefined,
  ) => void;
}

/**
 * {@link HubSettings} plus `createState`, the factory of the per-connection state. It is required
 * when `TState` has required properties, optional otherwise (then the state starts as `{}`).
 *
 * @public
 */
export type HubOptions<TState> = HubSettings<TState> &
  (Record<string, never> extends TState
    ? { readonly createState?: (connectionId: string) => TState }
    : { readonly createState: (connectionId: string) => TState });
