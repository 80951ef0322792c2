import { type HubConnectionPort } from '../HubConnectionPort';

/** One call a client made on a fake connection. */
export interface Invocation {
  readonly method: string;
  readonly args: readonly unknown[];
}

/**
 * A fake hub connection driven by the test: it records invocations and lets the test push events,
 * drop the connection (SignalR's reconnecting), bring it back (reconnected) or close it for good.
 */
export class FakeHubConnection implements HubConnectionPort {
  readonly invocations: Invocation[] = [];
  startCalls = 0;
  stopped = false;
  /** Hub errors to answer to the next invocations of a method (consumed in order). */
  readonly refusals = new Map<string, string[]>();
  private readonly handlers = new Map<string, Set<(...args: unknown[]) => void>>();
  private readonly closeHandlers = new Set<(error?: Error) => void>();
  private readonly reconnectingHandlers = new Set<(error?: Error) => void>();
  private readonly reconnectedHandlers = new Set<() => void>();

  constructor(
    readonly url: string,
    private readonly server: FakeHubServer,
  ) {}

  start(): Promise<void> {
    this.startCalls += 1;
    return this.server.answerStart();
  }

  stop(): Promise<void> {
    this.stopped = true;
    return Promise.resolve();
  }

  invoke(method: string, ...args: unknown[]): Promise<unknown> {
    this.invocations.push({ method, args });
    const refusal = this.refusals.get(method)?.shift() ?? this.server.refuseWhen(method, args);
    return refusal === undefined ? Promise.resolve(null) : Promise.reject(new Error(refusal));
  }

  on(event: string, handler: (...args: unknown[]) => void): () => void {
    const set = this.handlers.get(event) ?? new Set();
    set.add(handler);
    this.handlers.set(event, set);
    return () => set.delete(handler);
  }

  onClose(handler: (error?: Error) => void): () => void {
    this.closeHandlers.add(handler);
    return () => this.closeHandlers.delete(handler);
  }

  onReconnecting(handler: (error?: Error) => void): () => void {
    this.reconnectingHandlers.add(handler);
    return () => this.reconnectingHandlers.delete(handler);
  }

  onReconnected(handler: () => void): () => void {
    this.reconnectedHandlers.add(handler);
    return () => this.reconnectedHandlers.delete(handler);
  }

  /** The server sends `event` with `payload`. */
  emit(event: string, payload: unknown): void {
    for (const handler of [...(this.handlers.get(event) ?? [])]) handler(payload);
  }

  /** The transport dies; SignalR starts reconnecting. */
  drop(message = 'Server timeout elapsed without receiving a message from the server.'): void {
    for (const handler of [...this.reconnectingHandlers]) handler(new Error(message));
  }

  /** SignalR's reconnect succeeded (a new server-side connection: groups are gone). */
  reconnect(): void {
    for (const handler of [...this.reconnectedHandlers]) handler();
  }

  /** The connection ends for good (e.g. the server closed it without allowing a reconnect). */
  close(message = 'Server returned an error on close.'): void {
    for (const handler of [...this.closeHandlers]) handler(new Error(message));
  }

  /** How many handlers are registered, all kinds together (0 once the client let go). */
  get listenerCount(): number {
    let count = this.closeHandlers.size + this.reconnectingHandlers.size;
    count += this.reconnectedHandlers.size;
    for (const set of this.handlers.values()) count += set.size;
    return count;
  }

  /** The invocations of one method, as argument lists. */
  calls(method: string): (readonly unknown[])[] {
    return this.invocations.filter((call) => call.method === method).map((call) => call.args);
  }
}

/** Hands out fake connections and decides how their `start()` ends. */
export class FakeHubServer {
  readonly connections: FakeHubConnection[] = [];
  /** How many of the next `start()` calls fail. */
  failNextStarts = 0;
  /** While set, `start()` stays pending until `finishStart()`. */
  holdStarts = false;
  /** Decides from its arguments whether the hub refuses an invocation: the error text, or `undefined`. */
  refuseWhen: (method: string, args: readonly unknown[]) => string | undefined = () => undefined;
  private held: { resolve: () => void; reject: (error: Error) => void }[] = [];

  /** The factory to pass as `connect`. */
  readonly connect = (url: string): FakeHubConnection => {
    const connection = new FakeHubConnection(url, this);
    this.connections.push(connection);
    return connection;
  };

  /** The newest connection. */
  get last(): FakeHubConnection {
    const connection = this.connections.at(-1);
    if (!connection) throw new Error('No connection was opened');
    return connection;
  }

  /** Connections not stopped by the client. */
  get open(): FakeHubConnection[] {
    return this.connections.filter((connection) => !connection.stopped);
  }

  answerStart(): Promise<void> {
    if (this.failNextStarts > 0) {
      this.failNextStarts -= 1;
      return Promise.reject(
        new Error('Failed to complete negotiation with the server: ECONNREFUSED'),
      );
    }
    if (this.holdStarts) {
      return new Promise((resolve, reject) => this.held.push({ resolve, reject }));
    }
    return Promise.resolve();
  }

  /** Settles the held `start()` calls. */
  finishStart(): void {
    const held = this.held;
    this.held = [];
    held.forEach(({ resolve }) => resolve());
  }
}

/**
 * The refcount assertion of every hub test: the client let go of every connection (stopped, no
 * listener left). Throws with the evidence otherwise.
 */
export function expectNoOpenConnection(server: FakeHubServer): void {
  const leaked = server.connections.filter(
    (connection) => !connection.stopped || connection.listenerCount > 0,
  );
  if (leaked.length > 0) {
    throw new Error(
      `${leaked.length} hub connection(s) still held: ${leaked
        .map(
          (c) =>
            `#${server.connections.indexOf(c)} stopped=${c.stopped} listeners=${c.listenerCount}`,
        )
        .join(', ')}`,
    );
  }
}
