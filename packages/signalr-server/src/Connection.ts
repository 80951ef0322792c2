import { type ClientConnection, type CloseOptions, type SendOptions } from './ClientConnection';
import { Frame, RECORD_SEPARATOR } from './Frame';
import { type HubMessage, MessageType } from './HubMessage';
import { type Logger } from './Logger';
import { OutboundQueue } from './OutboundQueue';
import { parseHandshake } from './parseHandshake';
import { parseHubMessage } from './parseHubMessage';
import { RecordSplitter } from './RecordSplitter';
import { type ResolvedSettings } from './resolveSettings';
import { type Transport, type TransportKind, type TransportOwner } from './Transport';

const HANDSHAKE_OK = new Frame(`{}${RECORD_SEPARATOR}`);
const PING = Frame.fromMessage({ type: MessageType.Ping });
// Pings are coalesced like keyed updates, so a stuck client's queue does not fill with them. The
// NUL prefix keeps the key out of the callers' key space.
const PING_KEY = '\u0000ping';

/** ASP.NET's texts for closes the server decides; clients may show them. */
const CLOSE_TEXT = {
  protocolError: 'Connection closed with an error.',
  clientTimeout: 'Server closed the connection: nothing was received from the client in time.',
  slowConsumer: 'Server closed the connection: the client did not keep up with its messages.',
  handshakeTimeout: 'Handshake was canceled.',
  handshakeMalformed: 'An unexpected error occurred during connection handshake.',
} as const;

/**
 * Where a connection is in its life.
 * - `negotiated`: has a token, no transport yet.
 * - `handshaking`: transport open, waiting for the handshake record.
 * - `connected`: handshake done; hub methods run and messages flow.
 * - `closing`: the hub is done with it; the transport is still delivering the last records.
 * - `closed`: transport gone, token forgotten.
 */
export type ConnectionPhase = 'negotiated' | 'handshaking' | 'connected' | 'closing' | 'closed';

/**
 * What a {@link Connection} needs from its hub.
 *
 * @internal
 */
export interface ConnectionHost<TState> {
  readonly settings: ResolvedSettings;
  readonly logger: Logger;
  /** Handshake done: run the connected hook. Later invocations wait for the returned promise. */
  connected(connection: Connection<TState>): Promise<void>;
  /** Runs one invocation and sends its completion; never rejects. */
  invoke(
    connection: Connection<TState>,
    message: Extract<HubMessage, { target: string }>,
  ): Promise<void>;
  addToGroup(connection: Connection<TState>, group: string): void;
  removeFromGroup(connection: Connection<TState>, group: string): void;
  /** The connection stopped being usable: leave the groups, run the disconnected hook. */
  ended(connection: Connection<TState>, wasConnected: boolean, error: Error | undefined): void;
  /** The transport is gone: forget the token. */
  released(connection: Connection<TState>): void;
}

/**
 * One SignalR connection: the hub protocol (handshake, records, keep-alive, close) on top of any
 * {@link Transport}, plus the bounded outbound queue.
 *
 * @internal
 */
export class Connection<TState> implements ClientConnection<TState>, TransportOwner {
  readonly groups = new Set<string>();
  readonly state: TState;
  private phaseValue: ConnectionPhase = 'negotiated';
  private transportValue: Transport | undefined;
  private readonly queue = new OutboundQueue();
  private readonly splitter: RecordSplitter;
  private readonly createdAt: number;
  private transportSince = 0;
  private lastReceivedAt = 0;
  private lastSentAt = 0;
  private closingSince = 0;
  private backpressuredSince: number | undefined;
  private invocations: Promise<void> = Promise.resolve();
  /** Invocations received and not finished yet (see `maxPendingInvocations`). */
  private pendingInvocations = 0;
  /** The invocation rate budget: a token bucket refilled continuously. */
  private invocationTokens: number;
  private tokensCheckedAt: number;
  /** Set while a POST body is being read, to refuse an overlapping one. */
  postInProgress = false;
  /** Set while a WebSocket upgrade for this connection is in flight. */
  upgrading = false;
  /** Set when the hub closed it to make room for another client (it no longer counts as live). */
  evicted = false;
  /** When it last completed its handshake or received an invocation (`evictIdleAfterMs`). */
  private lastActiveAt: number;

  constructor(
    private readonly host: ConnectionHost<TState>,
    readonly connectionId: string,
    /** Secret handle in `?id=`; equals the id for negotiate version 0. Never log it. */
    readonly token: string,
    state: TState,
    now: number,
    /** The key of the client's address (IPv6 by /64), for the per-client connection caps. */
    readonly clientAddress: string,
  ) {
    this.state = state;
    this.createdAt = now;
    this.lastActiveAt = now;
    this.invocationTokens = host.settings.maxInvocationsPerSecond;
    this.tokensCheckedAt = now;
    this.splitter = new RecordSplitter(host.settings.maxMessageSize);
  }

  get phase(): ConnectionPhase {
    return this.phaseValue;
  }

  get transport(): TransportKind {
    if (!this.transportValue)
      throw new Error(`Connection ${this.connectionId} has no transport yet.`);
    return this.transportValue.kind;
  }

  /** The transport object, if one is bound. */
  get boundTransport(): Transport | undefined {
    return this.transportValue;
  }

  get isOpen(): boolean {
    return this.phaseValue === 'connected';
  }

  get hasQueued(): boolean {
    return !this.queue.isEmpty;
  }

  bindTransport(transport: Transport, now: number): void {
    if (this.phaseValue !== 'negotiated') {
      throw new Error(`Connection ${this.connectionId} already has a transport.`);
    }
    this.transportValue = transport;
    this.phaseValue = 'handshaking';
    this.transportSince = now;
    this.lastReceivedAt = now;
    this.lastSentAt = now;
  }

  send(target: string, args: readonly unknown[], options?: SendOptions): void {
    if (!this.isOpen) return;
    this.deliver(
      Frame.fromMessage({ type: MessageType.Invocation, target, arguments: args }),
      options?.key,
    );
  }

  /** Sends an already serialized frame (group broadcasts share one). */
  deliver(frame: Frame, key?: string): void {
    if (this.phaseValue !== 'connected') return;
    this.write(frame, key);
  }

  addToGroup(group: string): void {
    this.host.addToGroup(this, group);
  }

  removeFromGroup(group: string): void {
    this.host.removeFromGroup(this, group);
  }

  close(options: CloseOptions = {}): void {
    const message: { type: number; error?: string; allowReconnect?: boolean } = {
      type: MessageType.Close,
    };
    // An empty error string reads as "no error" on the client; leave it out instead.
    if (options.error) message.error = options.error;
    if (options.allowReconnect) message.allowReconnect = true;
    const error = options.error ? new Error(options.error) : undefined;
    this.end(Frame.fromMessage(message), error);
  }

  // ----- inbound -------------------------------------------------------------------------------

  receive(chunk: Buffer): void {
    if (this.phaseValue !== 'handshaking' && this.phaseValue !== 'connected') return;
    this.lastReceivedAt = Date.now();
    const { records, oversized } = this.splitter.push(chunk);
    for (const record of records) {
      if (!this.handleRecord(record)) return;
    }
    if (!oversized) return;
    if (this.phaseValue === 'handshaking') {
      this.failHandshake(CLOSE_TEXT.handshakeMalformed);
    } else {
      this.protocolError(
        `A message of at least ${oversized.byteLength} bytes exceeds the limit of ${this.host.settings.maxMessageSize} bytes.`,
      );
    }
  }

  /** Handles one record; false once the connection is closing and the rest must be dropped. */
  private handleRecord(record: Buffer): boolean {
    if (this.phaseValue === 'handshaking') {
      const handshake = parseHandshake(record);
      if (!handshake.ok) {
        this.failHandshake(handshake.error);
        return false;
      }
      this.phaseValue = 'connected';
      this.lastActiveAt = Date.now();
      this.write(HANDSHAKE_OK);
      this.host.logger.debug(
        { connectionId: this.connectionId, transport: this.transport },
        'SignalR handshake completed',
      );
      this.invocations = this.host.connected(this);
      return this.isOpen;
    }
    if (this.phaseValue !== 'connected') return false;
    const parsed = parseHubMessage(record);
    if (!parsed.ok) {
      this.protocolError(parsed.reason);
      return false;
    }
    const message = parsed.message;
    switch (message.type) {
      case MessageType.Invocation:
      case MessageType.StreamInvocation:
        if (this.pendingInvocations >= this.host.settings.maxPendingInvocations) {
          this.protocolError(
            `More than ${this.host.settings.maxPendingInvocations} invocations are waiting to run.`,
          );
          return false;
        }
        this.pendingInvocations += 1;
        this.lastActiveAt = Date.now();
        // One at a time, in arrival order, as ASP.NET runs them — and each after a turn of the
        // event loop: a chain of promise callbacks never yields, so one connection's burst would
        // hold every other request, timer and socket of the process until it is done.
        this.invocations = this.invocations
          .then(yieldToEventLoop)
          .then(() => (this.isOpen ? this.host.invoke(this, message) : undefined))
          .finally(() => {
            this.pendingInvocations -= 1;
          });
        return true;
      case MessageType.Close:
        // The client is leaving; it expects no answer.
        this.end(undefined, message.error ? new Error(message.error) : undefined);
        return false;
      case MessageType.Ping:
      case MessageType.CancelInvocation:
        return true;
      default:
        this.host.logger.debug(
          { connectionId: this.connectionId, messageType: message.rawType },
          'SignalR message type ignored',
        );
        return true;
    }
  }

  /**
   * Whether the hub may close it to admit another client: connected, in no group, and nothing
   * invoked for `idleMs` nor running. Pings do not count: every live client sends them.
   */
  isEvictable(now: number, idleMs: number): boolean {
    return (
      this.phaseValue === 'connected' &&
      this.groups.size === 0 &&
      this.pendingInvocations === 0 &&
      now - this.lastActiveAt >= idleMs
    );
  }

  /**
   * Takes one invocation from the rate budget (`maxInvocationsPerSecond`, refilled continuously);
   * false when it is spent.
   */
  takeInvocationToken(now: number): boolean {
    const rate = this.host.settings.maxInvocationsPerSecond;
    this.invocationTokens = Math.min(
      rate,
      this.invocationTokens + ((now - this.tokensCheckedAt) / 1000) * rate,
    );
    this.tokensCheckedAt = now;
    if (this.invocationTokens < 1) return false;
    this.invocationTokens -= 1;
    return true;
  }

  private failHandshake(error: string): void {
    this.host.logger.debug({ connectionId: this.connectionId, error }, 'SignalR handshake failed');
    this.end(Frame.fromMessage({ error }), new Error(error));
  }

  private protocolError(detail: string): void {
    this.host.logger.debug({ connectionId: this.connectionId, detail }, 'SignalR protocol error');
    const text = this.host.settings.detailedErrors
      ? `${CLOSE_TEXT.protocolError} InvalidDataException: ${detail}`
      : CLOSE_TEXT.protocolError;
    this.close({ error: text });
  }

  /** Ends the connection because its inbound transport unit is too large (e.g. a POST body). */
  rejectOversized(byteLength: number): void {
    this.protocolError(
      `A transport message of ${byteLength} bytes exceeds the limit of ${this.host.settings.maxReceiveSize} bytes.`,
    );
  }

  // ----- outbound ------------------------------------------------------------------------------

  private write(frame: Frame, key?: string): void {
    const transport = this.transportValue;
    if (!transport) return;
    if (this.queue.isEmpty && transport.tryWrite(frame)) {
      this.lastSentAt = Date.now();
      return;
    }
    this.queue.push(frame, key);
    if (transport.kind !== 'LongPolling') this.backpressuredSince ??= Date.now();
    if (
      this.queue.byteLength > this.host.settings.maxQueuedBytes &&
      this.phaseValue === 'connected'
    ) {
      this.closeSlowConsumer(`queue of ${this.queue.byteLength} bytes over the limit`);
      return;
    }
    transport.notifyQueued();
  }

  takeQueued(): Frame[] {
    this.lastSentAt = Date.now();
    return this.queue.takeAll();
  }

  transportReady(): void {
    this.backpressuredSince = this.queue.isEmpty ? undefined : Date.now();
  }

  private closeSlowConsumer(why: string): void {
    this.host.logger.warn({ connectionId: this.connectionId, why }, 'SignalR slow consumer closed');
    // What is queued is stale by the time the client reconnects and resubscribes.
    this.queue.clear();
    this.close({ error: CLOSE_TEXT.slowConsumer, allowReconnect: true });
  }

  // ----- end of life -------------------------------------------------------------------------

  /** Stops the connection: optionally sends a last record, then ends the transport. */
  private end(lastRecord: Frame | undefined, error: Error | undefined): void {
    if (this.phaseValue === 'closing' || this.phaseValue === 'closed') return;
    const wasConnected = this.phaseValue === 'connected';
    this.phaseValue = 'closing';
    this.closingSince = Date.now();
    this.host.ended(this, wasConnected, error);
    const transport = this.transportValue;
    if (!transport) {
      this.release();
      return;
    }
    if (lastRecord) this.write(lastRecord);
    transport.end();
  }

  transportClosed(error?: Error): void {
    if (this.phaseValue === 'closed') return;
    this.end(undefined, error);
    this.release();
  }

  private release(): void {
    if (this.phaseValue === 'closed') return;
    this.phaseValue = 'closed';
    this.queue.clear();
    this.host.released(this);
  }

  /** Destroys the transport without a goodbye (shutdown deadline passed). */
  abort(): void {
    if (this.phaseValue === 'closed') return;
    if (this.transportValue) this.transportValue.abort();
    this.transportClosed();
  }

  /** The hub's periodic sweep: timeouts, keep-alive, reaping. */
  tick(now: number): void {
    const s = this.host.settings;
    const transport = this.transportValue;
    switch (this.phaseValue) {
      case 'negotiated':
        if (now - this.createdAt > s.negotiateTimeoutMs) this.transportClosed();
        return;
      case 'handshaking':
        if (transport && transport.idleFor(now) > s.disconnectTimeoutMs) this.transportClosed();
        else if (now - this.transportSince > s.handshakeTimeoutMs)
          this.failHandshake(CLOSE_TEXT.handshakeTimeout);
        return;
      case 'connected':
        if (!transport) return;
        if (transport.kind === 'LongPolling') {
          // The client neither pings nor times out the server here: the polls are the liveness.
          if (transport.idleFor(now) > s.disconnectTimeoutMs) {
            this.transportClosed(new Error('The long-polling client stopped polling.'));
          }
          return;
        }
        if (now - this.lastReceivedAt > s.clientTimeoutMs) {
          this.host.logger.info({ connectionId: this.connectionId }, 'SignalR client timed out');
          this.close({ error: CLOSE_TEXT.clientTimeout, allowReconnect: true });
          return;
        }
        if (
          this.backpressuredSince !== undefined &&
          now - this.backpressuredSince > s.slowConsumerTimeoutMs
        ) {
          this.closeSlowConsumer('send buffer did not drain in time');
          return;
        }
        if (now - this.lastSentAt >= s.keepAliveIntervalMs) this.write(PING, PING_KEY);
        return;
      case 'closing':
        if (!transport) return;
        if (
          transport.kind === 'LongPolling'
            ? transport.idleFor(now) > s.disconnectTimeoutMs
            : now - this.closingSince > s.disconnectTimeoutMs
        ) {
          this.abort();
        }
        return;
      case 'closed':
        return;
    }
  }
}

/** Resolves after the event loop has run its pending I/O callbacks once. */
function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
