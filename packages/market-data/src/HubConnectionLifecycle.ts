import { BehaviorSubject, distinctUntilChanged, type Observable } from 'rxjs';
import { describeError } from './describeError';
import { type HubConnectionFactory, type HubConnectionPort } from './HubConnectionPort';
import { type HubConnectionState } from './HubConnectionState';
import { MarketDataError } from './MarketDataError';
import { ReconnectPolicy } from './ReconnectPolicy';

/**
 * NOTE: when the last holder leaves, the connection is stopped after this short linger rather
 * than at once. React StrictMode mounts effects twice and a route change unmounts one screen just
 * before the next one subscribes; both would otherwise tear down and renegotiate the connection
 * for nothing.
 */
export const CONNECTION_LINGER_MS = 1_000;

/** What a {@link HubConnectionLifecycle} is built from. */
export interface HubConnectionLifecycleOptions {
  /** The hub's absolute URL (`{api}/candles-hub`). */
  readonly url: string;
  /** Creates a connection each time one is needed. */
  readonly connect: HubConnectionFactory;
  /** Receives connection failures (`connectionFailed`, `connectionLost`), once per outage. */
  readonly reportError: (error: MarketDataError) => void;
  /** Delays of the start-retry loop; the same schedule as SignalR's reconnect by default. */
  readonly reconnectPolicy?: ReconnectPolicy;
  /** How long an unused connection stays open; {@link CONNECTION_LINGER_MS} by default. */
  readonly lingerMs?: number;
}

/**
 * One connected stretch of the connection, from a (re)connect to the next drop or stop. The hub
 * keeps no state across a drop (groups are gone after a reconnect), so whatever a subject asked of
 * one session it asks again of the next.
 *
 * @example `if (session.live) void session.invoke('WatchAlerts', id).catch(report);`
 */
export interface HubSession {
  /** Calls a hub method on this session's connection; rejects with the hub's error text. */
  invoke(method: string, ...args: unknown[]): Promise<unknown>;
  /** Whether this is still the current session: connected, and not dropped or stopped since. */
  readonly live: boolean;
}

interface Connection {
  readonly port: HubConnectionPort;
  readonly offs: (() => void)[];
  /** Started at least once: later (re)connections are resumptions. */
  everConnected: boolean;
  /** Started and not closed (it may be reconnecting). */
  live: boolean;
  /** Consecutive failed starts, for the retry delay. */
  attempt: number;
  /** The current outage was already reported. */
  outageReported: boolean;
  retryTimer: ReturnType<typeof setTimeout> | undefined;
}

/**
 * The one hub connection of a client and its lifecycle: opened by the first holder
 * ({@link HubConnectionLifecycle.retain}), stopped {@link CONNECTION_LINGER_MS} after the last one
 * leaves, started again forever on the {@link ReconnectPolicy} schedule when it cannot connect or is
 * closed for good, and reported once per outage. Subjects (candle subscriptions, alert watches)
 * listen to its events and are told of every new {@link HubSession}.
 *
 * @example
 * ```ts
 * const hub = new HubConnectionLifecycle({ url, connect: createSignalRConnection, reportError });
 * hub.onConnected((session) => void session.invoke('WatchAlerts', id).catch(() => undefined));
 * const release = hub.retain();
 * release();
 * ```
 */
export class HubConnectionLifecycle {
  /** The connection's lifecycle; replays the current state to each subscriber. */
  readonly state$: Observable<HubConnectionState>;

  private readonly state = new BehaviorSubject<HubConnectionState>('Disconnected');
  private readonly eventHandlers = new Map<string, Set<(payload: unknown) => void>>();
  private readonly connectedHandlers = new Set<(session: HubSession, resumed: boolean) => void>();
  private readonly policy: ReconnectPolicy;
  private readonly lingerMs: number;
  private holders = 0;
  private connection: Connection | undefined;
  private current: HubSession | undefined;
  private lingerTimer: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;

  constructor(private readonly options: HubConnectionLifecycleOptions) {
    this.policy = options.reconnectPolicy ?? new ReconnectPolicy();
    this.lingerMs = options.lingerMs ?? CONNECTION_LINGER_MS;
    this.state$ = this.state.pipe(distinctUntilChanged());
  }

  /** The current session while connected; `undefined` while connecting, reconnecting or stopped. */
  get session(): HubSession | undefined {
    return this.current;
  }

  /**
   * Holds the connection open, opening it if needed, until the returned release is called (once;
   * later calls do nothing). The last release stops it after the linger.
   *
   * @example `const release = hub.retain(); … release();`
   */
  retain(): () => void {
    if (this.disposed) throw new Error('This market-data client was disposed');
    this.holders += 1;
    if (this.lingerTimer !== undefined) {
      clearTimeout(this.lingerTimer);
      this.lingerTimer = undefined;
    }
    this.connection ??= this.open();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holders -= 1;
      this.lingerIfIdle();
    };
  }

  /**
   * Listens to a server-to-client method (`CandleUpdate`, `AlertTriggered`) on every connection
   * this lifecycle opens, with the first argument as `payload`.
   *
   * @returns the teardown.
   */
  on(event: string, handler: (payload: unknown) => void): () => void {
    let handlers = this.eventHandlers.get(event);
    if (!handlers) {
      handlers = new Set();
      this.eventHandlers.set(event, handlers);
      if (this.connection) this.listen(this.connection, event, handlers);
    }
    handlers.add(handler);
    const registered = handlers;
    return () => registered.delete(handler);
  }

  /**
   * Called on every connect and reconnect with the new session; `resumed` is true when it follows
   * a drop (the subject may have missed events meanwhile).
   *
   * @returns the teardown.
   */
  onConnected(handler: (session: HubSession, resumed: boolean) => void): () => void {
    this.connectedHandlers.add(handler);
    return () => this.connectedHandlers.delete(handler);
  }

  /** Stops the connection at once and completes `state$`. Nothing can retain it after. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    if (this.lingerTimer !== undefined) clearTimeout(this.lingerTimer);
    this.lingerTimer = undefined;
    this.stop();
    this.state.complete();
  }

  private lingerIfIdle(): void {
    if (this.holders > 0 || !this.connection || this.disposed) return;
    if (this.lingerTimer !== undefined) clearTimeout(this.lingerTimer);
    this.lingerTimer = setTimeout(() => {
      this.lingerTimer = undefined;
      if (this.holders === 0) this.stop();
    }, this.lingerMs);
  }

  private open(): Connection {
    const port = this.options.connect(this.options.url);
    const connection: Connection = {
      port,
      offs: [],
      everConnected: false,
      live: false,
      attempt: 0,
      outageReported: false,
      retryTimer: undefined,
    };
    // Every callback checks it still belongs to the current connection: a stopped one may
    // still settle a promise or fire a late event.
    const isCurrent = () => this.connection === connection;
    for (const [event, handlers] of this.eventHandlers) this.listen(connection, event, handlers);
    connection.offs.push(
      port.onReconnecting((error) => {
        if (isCurrent()) this.onLost(connection, error);
      }),
      port.onReconnected(() => {
        if (isCurrent()) this.connected(connection);
      }),
      port.onClose((error) => {
        if (!isCurrent() || !connection.live) return;
        // Closed for good (the server refused a reconnect): our own loop takes over.
        connection.live = false;
        this.onLost(connection, error);
        this.scheduleStart(connection);
      }),
    );
    // Set before starting: a start that settles synchronously must find it current.
    this.connection = connection;
    this.start(connection);
    return connection;
  }

  private listen(
    connection: Connection,
    event: string,
    handlers: ReadonlySet<(payload: unknown) => void>,
  ): void {
    connection.offs.push(
      connection.port.on(event, (payload) => {
        if (this.connection !== connection) return;
        // Snapshot: a handler may add or remove handlers.
        for (const handler of [...handlers]) handler(payload);
      }),
    );
  }

  private start(connection: Connection): void {
    this.state.next(connection.everConnected ? 'Reconnecting' : 'Connecting');
    connection.port.start().then(
      () => {
        if (this.connection !== connection) return;
        connection.live = true;
        this.connected(connection);
      },
      (error: unknown) => {
        if (this.connection !== connection) return;
        if (!connection.outageReported) {
          connection.outageReported = true;
          this.options.reportError(
            new MarketDataError('connectionFailed', { detail: describeError(error), cause: error }),
          );
        }
        this.scheduleStart(connection);
      },
    );
  }

  private scheduleStart(connection: Connection): void {
    const delay = this.policy.delayFor(connection.attempt);
    connection.attempt += 1;
    connection.retryTimer = setTimeout(() => {
      connection.retryTimer = undefined;
      if (this.connection === connection) this.start(connection);
    }, delay);
  }

  private onLost(connection: Connection, error: Error | undefined): void {
    this.current = undefined;
    this.state.next('Reconnecting');
    if (connection.outageReported) return;
    connection.outageReported = true;
    this.options.reportError(
      new MarketDataError('connectionLost', { detail: error?.message, cause: error }),
    );
  }

  private connected(connection: Connection): void {
    const resumed = connection.everConnected;
    connection.everConnected = true;
    connection.attempt = 0;
    connection.outageReported = false;
    const isCurrent = () => this.current === session;
    const session: HubSession = {
      invoke: (method, ...args) => connection.port.invoke(method, ...args),
      get live() {
        return isCurrent();
      },
    };
    this.current = session;
    this.state.next('Connected');
    for (const handler of [...this.connectedHandlers]) handler(session, resumed);
  }

  private stop(): void {
    const connection = this.connection;
    if (!connection) return;
    this.connection = undefined;
    this.current = undefined;
    connection.offs.forEach((off) => off());
    if (connection.retryTimer !== undefined) clearTimeout(connection.retryTimer);
    // Stopping a connection that failed or is still negotiating may reject; it is gone either way.
    connection.port.stop().catch(() => undefined);
    this.state.next('Disconnected');
  }
}
