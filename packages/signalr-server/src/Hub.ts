import { randomBytes } from 'node:crypto';
import { type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type Duplex } from 'node:stream';
import { type ClientConnection, type CloseOptions, type SendOptions } from './ClientConnection';
import { clientKey } from './clientKey';
import { Connection, type ConnectionHost } from './Connection';
import { Frame } from './Frame';
import { type ArgumentGuard } from './guards';
import { HttpDispatcher, type HubHandlers } from './HttpDispatcher';
import { HubError } from './HubError';
import { type HubEndpoint } from './HubEndpoint';
import { type HubMessage, MessageType } from './HubMessage';
import { type HubOptions } from './HubOptions';
import { type ResolvedSettings, resolveSettings } from './resolveSettings';
import { type Transport } from './Transport';

/**
 * The argument types a tuple of {@link ArgumentGuard}s checks for.
 *
 * @public
 */
export type GuardedArguments<G extends readonly ArgumentGuard<unknown>[]> = {
  -readonly [K in keyof G]: G[K] extends ArgumentGuard<infer T> ? T : never;
};

/**
 * A hub method: gets the calling connection and the checked arguments; its return value (or the
 * value its promise resolves to) is the invocation's result.
 *
 * @public
 */
export type HubMethod<TState, TArgs extends unknown[]> = (
  caller: ClientConnection<TState>,
  ...args: TArgs
) => unknown;

interface RegisteredMethod<TState> {
  readonly name: string;
  readonly parameters: readonly ArgumentGuard<unknown>[];
  readonly handler: (caller: ClientConnection<TState>, ...args: unknown[]) => unknown;
}

type Invocation = Extract<HubMessage, { target: string }>;

/**
 * An address with fewer connections than this may use the reserved share of the capacity, and
 * may take an idle connection's place; addresses with more than this are the ones evicted from.
 */
const SMALL_CLIENT_CONNECTIONS = 2;
const EVICTED = {
  error: 'Server closed the connection to make room for other clients: it was idle.',
  allowReconnect: true,
} as const;

const SERVER_ERROR = (target: string): string =>
  `Failed to invoke '${target}' due to an error on the server.`;

/**
 * A SignalR hub: the server side of the ASP.NET Core SignalR protocol (negotiate, WebSockets,
 * Server-Sent Events, long polling; JSON hub protocol) for the official `@microsoft/signalr`
 * client. Register methods, mount it on an HTTP server (or Fastify), and push to groups.
 *
 * @typeParam TState - per-connection state, created by `createState` for each connection
 *
 * @example
 * ```ts
 * const hub = new Hub({ createState: () => ({ pairs: new Set<string>() }) });
 * hub.addMethod('Join', [guards.string], (caller, room) => caller.addToGroup(room));
 * hub.attach(httpServer, '/hubs/chat');
 * hub.broadcast('lobby', 'Message', [{ text: 'hi' }]);
 * ```
 * @public
 */
export class Hub<TState extends object = Record<string, unknown>> {
  private readonly settings: ResolvedSettings;
  private readonly options: HubOptions<TState>;
  private readonly methods = new Map<string, RegisteredMethod<TState>>();
  private readonly byToken = new Map<string, Connection<TState>>();
  private readonly byId = new Map<string, Connection<TState>>();
  private readonly groupMembers = new Map<string, Set<Connection<TState>>>();
  private readonly dispatchers: HttpDispatcher[] = [];
  private readonly detachers: (() => void)[] = [];
  private readonly timer: NodeJS.Timeout;
  private readonly host: ConnectionHost<TState>;
  private readonly endpoint: HubEndpoint;
  private httpStreaming = 0;
  /** Live connections per client address key, oldest first (`maxConnectionsPerClient`). */
  private readonly perClient = new Map<string, Set<Connection<TState>>>();
  /** Connections evicted and not yet released: their slots are already given away. */
  private evicting = 0;
  private shutdown: Promise<void> | undefined;
  private onEmpty: (() => void) | undefined;

  constructor(options: HubOptions<TState>) {
    this.options = options;
    this.settings = resolveSettings(options);
    this.host = this.createHost();
    this.endpoint = this.createEndpoint();
    // The sweep runs after the next poll phase, not in the timers phase: after the event loop
    // stalled (GC, a long synchronous task), the pings that waited in the socket buffers are read
    // first, so clients that kept pinging are not taken for timed out.
    this.timer = setInterval(() => setImmediate(() => this.tick()), this.settings.tickIntervalMs);
    // The servers the hub is mounted on keep the process alive, not the sweep.
    this.timer.unref();
  }

  // ----- methods ------------------------------------------------------------------------------

  /**
   * Registers a hub method that clients call with `invoke(name, ...args)` or `send(name, ...args)`.
   * Names match case-insensitively and must be unique. Calls with the wrong number of arguments,
   * or arguments failing their guard, get `Failed to invoke '<name>' due to an error on the
   * server.` and never reach `handler`. Throw {@link HubError} from `handler` to fail the call
   * with your own message.
   *
   * @param name - method name as clients call it
   * @param parameters - one guard per argument, in order
   * @param handler - runs with the caller and the checked arguments; returns the result
   * @returns this hub, for chaining
   */
  addMethod<const G extends readonly ArgumentGuard<unknown>[]>(
    name: string,
    parameters: G,
    handler: HubMethod<TState, GuardedArguments<G>>,
  ): this {
    const key = name.toLowerCase();
    if (name === '') throw new RangeError('A hub method needs a name.');
    const existing = this.methods.get(key);
    if (existing) {
      throw new RangeError(
        `Hub method '${name}' clashes with '${existing.name}' (names are case-insensitive).`,
      );
    }
    this.methods.set(key, {
      name,
      parameters,
      handler: handler as RegisteredMethod<TState>['handler'],
    });
    return this;
  }

  // ----- sending ------------------------------------------------------------------------------

  /**
   * Invokes client method `target` on every connection in `group`. The message is serialized and
   * encoded once for the whole group.
   *
   * @param options - `key` lets a slow connection skip to the latest message with that key
   * @returns how many connections it was handed to
   */
  broadcast(
    group: string,
    target: string,
    args: readonly unknown[],
    options?: SendOptions,
  ): number {
    const members = this.groupMembers.get(group);
    if (!members || members.size === 0) return 0;
    const frame = invocationFrame(target, args);
    const key = options?.key;
    for (const connection of members) connection.deliver(frame, key);
    return members.size;
  }

  /** Invokes client method `target` on every connected connection; see {@link Hub.broadcast}. */
  broadcastAll(target: string, args: readonly unknown[], options?: SendOptions): number {
    const frame = invocationFrame(target, args);
    let count = 0;
    for (const connection of this.byId.values()) {
      if (!connection.isOpen) continue;
      connection.deliver(frame, options?.key);
      count += 1;
    }
    return count;
  }

  /**
   * Invokes client method `target` on one connection.
   *
   * @returns false when no open connection has that id
   */
  send(
    connectionId: string,
    target: string,
    args: readonly unknown[],
    options?: SendOptions,
  ): boolean {
    const connection = this.byId.get(connectionId);
    if (!connection?.isOpen) return false;
    connection.deliver(invocationFrame(target, args), options?.key);
    return true;
  }

  // ----- groups and connections ---------------------------------------------------------------

  /** Adds a connection to a group; false when no open connection has that id. */
  addToGroup(connectionId: string, group: string): boolean {
    const connection = this.byId.get(connectionId);
    if (!connection?.isOpen) return false;
    this.join(connection, group);
    return true;
  }

  /** Removes a connection from a group; false when no open connection has that id. */
  removeFromGroup(connectionId: string, group: string): boolean {
    const connection = this.byId.get(connectionId);
    if (!connection?.isOpen) return false;
    this.leave(connection, group);
    return true;
  }

  /** Number of connections in `group`. */
  groupSize(group: string): number {
    return this.groupMembers.get(group)?.size ?? 0;
  }

  /** Names of the groups that have at least one member. */
  groupNames(): string[] {
    return [...this.groupMembers.keys()];
  }

  /** The open connection with that id, if any. */
  getConnection(connectionId: string): ClientConnection<TState> | undefined {
    const connection = this.byId.get(connectionId);
    return connection?.isOpen ? connection : undefined;
  }

  /** Connections that completed their handshake and are still open. */
  get connectionCount(): number {
    let count = 0;
    for (const connection of this.byId.values()) if (connection.isOpen) count += 1;
    return count;
  }

  /**
   * Closes one connection: sends it a Close message (with `error` and `allowReconnect` if given)
   * and ends its transport.
   *
   * @returns false when no open connection has that id
   */
  closeConnection(connectionId: string, options?: CloseOptions): boolean {
    const connection = this.byId.get(connectionId);
    if (!connection?.isOpen) return false;
    connection.close(options);
    return true;
  }

  // ----- mounting -----------------------------------------------------------------------------

  /**
   * Node handlers for the hub at `path`, for servers you wire yourself: call `handleRequest` from
   * your request listener and `handleUpgrade` from your `upgrade` listener; each returns false for
   * requests that are not the hub's.
   */
  createHandlers(path: string): HubHandlers {
    const dispatcher = new HttpDispatcher(path, this.endpoint);
    this.dispatchers.push(dispatcher);
    return dispatcher;
  }

  /**
   * Mounts the hub at `path` on a Node HTTP server. Requests for other paths still reach the
   * server's existing request listeners (or get 404 when it has none); other upgrades are left
   * to other `upgrade` listeners (or refused when there are none).
   *
   * @returns a function that unmounts the hub again
   */
  attach(server: Server, path: string): () => void {
    const handlers = this.createHandlers(path);
    const previous = server.listeners('request') as ((
      req: IncomingMessage,
      res: ServerResponse,
    ) => void)[];
    server.removeAllListeners('request');
    const onRequest = (req: IncomingMessage, res: ServerResponse): void => {
      if (handlers.handleRequest(req, res)) return;
      if (previous.length === 0) {
        res.writeHead(404, { 'Content-Length': '0' });
        res.end();
        return;
      }
      for (const listener of previous) listener.call(server, req, res);
    };
    const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
      if (handlers.handleUpgrade(req, socket, head)) return;
      if (server.listenerCount('upgrade') === 1) socket.destroy();
    };
    server.on('request', onRequest);
    server.on('upgrade', onUpgrade);
    const detach = (): void => {
      server.off('request', onRequest);
      server.off('upgrade', onUpgrade);
      for (const listener of previous) server.on('request', listener);
    };
    this.detachers.push(detach);
    return detach;
  }

  // ----- shutdown -----------------------------------------------------------------------------

  /**
   * Shuts the hub down gracefully: refuses new connections (503), sends every connection a Close
   * message — by default with `allowReconnect`, so clients come back (to this server once it is
   * up again, or to another instance) — and waits for the transports to finish, destroying those
   * still open after `shutdownTimeoutMs`. Idempotent.
   */
  close(options: CloseOptions = { allowReconnect: true }): Promise<void> {
    this.shutdown ??= this.shutDown(options);
    return this.shutdown;
  }

  private async shutDown(options: CloseOptions): Promise<void> {
    this.settings.logger.info({ connections: this.byToken.size }, 'SignalR hub shutting down');
    for (const connection of [...this.byToken.values()]) {
      if (connection.isOpen) connection.close(options);
      else if (connection.phase !== 'closing') connection.abort();
    }
    if (this.byToken.size > 0) {
      await new Promise<void>((resolve) => {
        const deadline = setTimeout(resolve, this.settings.shutdownTimeoutMs);
        this.onEmpty = () => {
          clearTimeout(deadline);
          resolve();
        };
      });
    }
    this.onEmpty = undefined;
    for (const connection of [...this.byToken.values()]) connection.abort();
    clearInterval(this.timer);
    for (const dispatcher of this.dispatchers) dispatcher.close();
  }

  // ----- internals ------------------------------------------------------------------------------

  private tick(): void {
    const now = Date.now();
    for (const connection of this.byToken.values()) connection.tick(now);
  }

  /** See {@link HubEndpoint.admissionRefusal}. */
  private admissionRefusal(clientAddress: string): string | undefined {
    const { maxConnections, maxConnectionsPerClient, reservedShare } = this.settings;
    const key = clientKey(clientAddress);
    const fromClient = this.perClient.get(key)?.size ?? 0;
    if (fromClient >= maxConnectionsPerClient) return 'Too many connections from this client';
    const live = this.byToken.size - this.evicting;
    if (live < maxConnections - Math.floor(maxConnections * reservedShare)) return undefined;
    const small = fromClient < SMALL_CLIENT_CONNECTIONS;
    if (live < maxConnections) {
      return small
        ? undefined
        : 'Too many connections (the rest is kept for clients with few connections)';
    }
    return small && this.evictIdle(key) ? undefined : 'Too many connections';
  }

  /**
   * Closes the oldest idle connection of the address with the most connections (more than
   * {@link SMALL_CLIENT_CONNECTIONS}, and not `exceptKey`); false when there is none.
   */
  private evictIdle(exceptKey: string): boolean {
    const now = Date.now();
    const addresses = [...this.perClient]
      .filter(([key, set]) => key !== exceptKey && set.size > SMALL_CLIENT_CONNECTIONS)
      .sort(([, a], [, b]) => b.size - a.size);
    for (const [, connections] of addresses) {
      for (const connection of connections) {
        if (connection.evicted || !connection.isEvictable(now, this.settings.evictIdleAfterMs)) {
          continue;
        }
        this.settings.logger.info(
          { connectionId: connection.connectionId },
          'SignalR idle client evicted to admit another',
        );
        connection.evicted = true;
        this.evicting += 1;
        connection.close(EVICTED);
        return true;
      }
    }
    return false;
  }

  /** See {@link HubEndpoint.httpStreamingRefused}; the same reserve as {@link admissionRefusal}. */
  private httpStreamingRefused(connection: Connection<TState>): boolean {
    const { maxHttpStreamingConnections: max, reservedShare } = this.settings;
    if (this.httpStreaming < max - Math.floor(max * reservedShare)) return false;
    if (this.httpStreaming >= max) return true;
    // The connection itself is counted already.
    return (this.perClient.get(connection.clientAddress)?.size ?? 0) > SMALL_CLIENT_CONNECTIONS;
  }

  private join(connection: Connection<TState>, group: string): void {
    if (!connection.isOpen || connection.groups.has(group)) return;
    let members = this.groupMembers.get(group);
    if (!members) {
      members = new Set();
      this.groupMembers.set(group, members);
    }
    members.add(connection);
    connection.groups.add(group);
  }

  private leave(connection: Connection<TState>, group: string): void {
    if (!connection.groups.delete(group)) return;
    const members = this.groupMembers.get(group);
    if (!members) return;
    members.delete(connection);
    if (members.size === 0) this.groupMembers.delete(group);
  }

  private async invoke(connection: Connection<TState>, message: Invocation): Promise<void> {
    const { invocationId, target } = message;
    const complete = (fields: { result?: unknown; error?: string }): void => {
      if (invocationId === undefined) return; // `send()` from the client: never answered
      let frame: Frame;
      try {
        frame = Frame.fromMessage({ type: MessageType.Completion, invocationId, ...fields });
      } catch (error) {
        this.settings.logger.error(
          { connectionId: connection.connectionId, method: target, err: error },
          'SignalR hub method result cannot be serialized',
        );
        frame = Frame.fromMessage({
          type: MessageType.Completion,
          invocationId,
          error: `An unexpected error occurred invoking '${target}' on the server.`,
        });
      }
      connection.deliver(frame);
    };
    const fail = (error: string, detail?: string): void => {
      this.settings.logger.debug(
        { connectionId: connection.connectionId, method: target, error, detail },
        'SignalR invocation refused',
      );
      complete({ error: detail && this.settings.detailedErrors ? `${error} ${detail}` : error });
    };

    if (!connection.takeInvocationToken(Date.now())) {
      complete({
        error: `Too many invocations: at most ${this.settings.maxInvocationsPerSecond} per second.`,
      });
      return;
    }
    const method = this.methods.get(target.toLowerCase());
    if (!method) {
      complete({ error: `${SERVER_ERROR(target)} HubException: Method does not exist.` });
      return;
    }
    if (message.type === MessageType.StreamInvocation) {
      complete({
        error: `The client attempted to invoke the non-streaming '${target}' method with a streaming invocation.`,
      });
      return;
    }
    if (message.streamIds && message.streamIds.length > 0) {
      fail(
        SERVER_ERROR(target),
        `InvalidDataException: Client sent ${message.streamIds.length} stream(s), Hub method expects 0.`,
      );
      return;
    }
    const args = message.arguments;
    if (args.length !== method.parameters.length) {
      fail(
        SERVER_ERROR(target),
        `InvalidDataException: Invocation provides ${args.length} argument(s) but target expects ${method.parameters.length}.`,
      );
      return;
    }
    const invalid = method.parameters.findIndex((guard, index) => !guard(args[index]));
    if (invalid !== -1) {
      fail(
        SERVER_ERROR(target),
        `InvalidDataException: Argument ${invalid + 1} has the wrong type or value.`,
      );
      return;
    }
    try {
      const result: unknown = await method.handler(connection, ...args);
      complete(result === undefined ? {} : { result });
    } catch (error) {
      if (error instanceof HubError) {
        complete({ error: error.message });
        return;
      }
      this.settings.logger.error(
        { connectionId: connection.connectionId, method: method.name, err: error },
        'SignalR hub method failed',
      );
      const text = `An unexpected error occurred invoking '${target}' on the server.`;
      complete({
        error:
          this.settings.detailedErrors && error instanceof Error
            ? `${text} ${error.name}: ${error.message}`
            : text,
      });
    }
  }

  private createHost(): ConnectionHost<TState> {
    return {
      settings: this.settings,
      logger: this.settings.logger,
      connected: async (connection) => {
        this.settings.logger.info(
          { connectionId: connection.connectionId, transport: connection.transport },
          'SignalR client connected',
        );
        try {
          await this.options.onConnected?.(connection);
        } catch (error) {
          this.settings.logger.error(
            { connectionId: connection.connectionId, err: error },
            'SignalR onConnected hook failed',
          );
          connection.close({ error: 'Connection closed with an error.' });
        }
      },
      invoke: (connection, message) => this.invoke(connection, message),
      addToGroup: (connection, group) => this.join(connection, group),
      removeFromGroup: (connection, group) => this.leave(connection, group),
      ended: (connection, wasConnected, error) => {
        if (wasConnected) {
          this.settings.logger.info(
            { connectionId: connection.connectionId, reason: error?.message },
            'SignalR client disconnected',
          );
          try {
            this.options.onDisconnected?.(connection, error);
          } catch (hookError) {
            this.settings.logger.error(
              { connectionId: connection.connectionId, err: hookError },
              'SignalR onDisconnected hook failed',
            );
          }
        }
        for (const group of [...connection.groups]) this.leave(connection, group);
        this.byId.delete(connection.connectionId);
      },
      released: (connection) => {
        const fromClient = this.perClient.get(connection.clientAddress);
        fromClient?.delete(connection);
        if (fromClient?.size === 0) this.perClient.delete(connection.clientAddress);
        if (connection.evicted) this.evicting -= 1;
        if (this.byToken.get(connection.token) === connection)
          this.byToken.delete(connection.token);
        const kind = connection.boundTransport?.kind;
        if (kind === 'ServerSentEvents' || kind === 'LongPolling') this.httpStreaming -= 1;
        if (this.byToken.size === 0) this.onEmpty?.();
      },
    };
  }

  private createEndpoint(): HubEndpoint {
    return {
      settings: this.settings,
      isShuttingDown: () => this.shutdown !== undefined,
      admissionRefusal: (clientAddress) => this.admissionRefusal(clientAddress),
      httpStreamingRefused: (connection) =>
        this.httpStreamingRefused(connection as unknown as Connection<TState>),
      createConnection: (negotiateVersion, clientAddress) => {
        const key = clientKey(clientAddress);
        const connectionId = randomToken();
        const token = negotiateVersion >= 1 ? randomToken() : connectionId;
        const state = this.options.createState
          ? this.options.createState(connectionId)
          : ({} as TState);
        const connection = new Connection<TState>(
          this.host,
          connectionId,
          token,
          state,
          Date.now(),
          key,
        );
        this.byToken.set(token, connection);
        let fromClient = this.perClient.get(key);
        if (!fromClient) {
          fromClient = new Set();
          this.perClient.set(key, fromClient);
        }
        fromClient.add(connection);
        this.byId.set(connectionId, connection);
        return connection as unknown as Connection<unknown>;
      },
      findByToken: (token) => this.byToken.get(token) as Connection<unknown> | undefined,
      bindTransport: (connection: Connection<unknown>, transport: Transport) => {
        connection.bindTransport(transport, Date.now());
        if (transport.kind !== 'WebSockets') this.httpStreaming += 1;
      },
    };
  }
}

function invocationFrame(target: string, args: readonly unknown[]): Frame {
  // No invocationId: with one, the client would take the push for a request awaiting its result.
  return Frame.fromMessage({ type: MessageType.Invocation, target, arguments: args });
}

/** 128 bits from the CSPRNG, URL-safe: the client appends `?id=` without encoding it. */
function randomToken(): string {
  return randomBytes(16).toString('base64url');
}
