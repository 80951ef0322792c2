import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import {
  HttpTransportType,
  HubConnectionBuilder,
  HubConnectionState,
  type IHttpConnectionOptions,
  type IRetryPolicy,
  LogLevel,
} from '@microsoft/signalr';
import { type HubConnectionPort } from './HubConnectionPort';
import { buildHubConnection, createSignalRConnection } from './createSignalRConnection';

const HUB_URL = 'http://127.0.0.1:5080/candles-hub';
/** The JSON hub protocol ends every record with the ASCII record separator. */
const RS = '\u001e';

/**
 * A WebSocket that the test plays the server of: it opens on its own, answers the SignalR
 * handshake, and lets the test push hub messages or drop the transport. Everything above it
 * (transport, HttpConnection, HubConnection) is the real `@microsoft/signalr` code.
 */
class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static readonly created: FakeWebSocket[] = [];

  readyState = FakeWebSocket.CONNECTING;
  binaryType = 'blob';
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number; reason: string; wasClean: boolean }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  private handshaken = false;

  constructor(readonly url: string) {
    FakeWebSocket.created.push(this);
    setTimeout(() => {
      this.readyState = FakeWebSocket.OPEN;
      this.onopen?.({});
    }, 0);
  }

  send(_record: string): void {
    if (this.handshaken) return;
    // The first record is the client's handshake request; an empty object accepts it.
    this.handshaken = true;
    setTimeout(() => this.onmessage?.({ data: `{}${RS}` }), 0);
  }

  close(): void {
    this.readyState = FakeWebSocket.CLOSED;
  }

  /** The server invokes the client method `target`. */
  invokeClient(target: string, ...args: unknown[]): void {
    this.onmessage?.({ data: JSON.stringify({ type: 1, target, arguments: args }) + RS });
  }

  /** The transport dies without a close handshake: SignalR starts reconnecting. */
  drop(): void {
    this.readyState = FakeWebSocket.CLOSED;
    this.onclose?.({ code: 1006, reason: '', wasClean: false });
  }

  static get last(): FakeWebSocket {
    const socket = FakeWebSocket.created.at(-1);
    if (!socket) throw new Error('No WebSocket was opened');
    return socket;
  }
}

/** Reconnect at once and forever, so a drop is followed by a reconnect without waiting. */
const retryAtOnce: IRetryPolicy = { nextRetryDelayInMilliseconds: () => 0 };

/** Lets the real timers and promises run until `condition` holds (bounded). */
async function until(condition: () => boolean, what: string): Promise<void> {
  for (let turn = 0; turn < 200; turn += 1) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  throw new Error(`Gave up waiting for ${what}`);
}

type Kind = 'on' | 'onClose' | 'onReconnecting' | 'onReconnected';
type Handler = jest.Mock<(...args: unknown[]) => void>;

function register(port: HubConnectionPort, kind: Kind, handler: Handler): () => void {
  switch (kind) {
    case 'on':
      return port.on('CandleUpdate', handler);
    case 'onClose':
      return port.onClose(handler);
    case 'onReconnecting':
      return port.onReconnecting(handler);
    case 'onReconnected':
      return port.onReconnected(handler);
  }
}

const PAYLOAD = { symbol: 'BTCUSDT', interval: 'OneMinute', candle: { time: 1 } };

/**
 * One full life of the connection, firing each event once: start, a `CandleUpdate`, a drop
 * (reconnecting), the reconnect (reconnected), then stop (close). `probes` stay registered for
 * every kind; the test waits on them, so each event is known to have fired.
 */
async function liveOnce(
  port: HubConnectionPort,
  probes: Record<Kind, Handler>,
  round: number,
): Promise<void> {
  await port.start();
  FakeWebSocket.last.invokeClient('CandleUpdate', PAYLOAD);
  await until(() => probes.on.mock.calls.length === round, 'the CandleUpdate');
  FakeWebSocket.last.drop();
  await until(() => probes.onReconnected.mock.calls.length === round, 'the reconnect');
  await port.stop();
  await until(() => probes.onClose.mock.calls.length === round, 'the close');
}

describe('buildHubConnection', () => {
  it('uses the spec timing: server timeout 30 s and keep-alive 15 s', () => {
    const connection = buildHubConnection(HUB_URL);
    expect(connection.serverTimeoutInMilliseconds).toBe(30_000);
    expect(connection.keepAliveIntervalInMilliseconds).toBe(15_000);
    expect(connection.state).toBe(HubConnectionState.Disconnected);
  });
});

describe('createSignalRConnection', () => {
  /** Stopped after each test, so a failing one leaves no connection (and timers) behind. */
  const ports: HubConnectionPort[] = [];

  beforeEach(() => {
    FakeWebSocket.created.length = 0;
    // Only the socket is replaced: the connection still goes through the real builder, with
    // negotiation skipped because there is no HTTP server behind the fake socket.
    const withUrl = HubConnectionBuilder.prototype.withUrl;
    jest.spyOn(HubConnectionBuilder.prototype, 'withUrl').mockImplementation(function (
      this: HubConnectionBuilder,
      url: string,
      options?: unknown,
    ) {
      // `WebSocket` is the constructor hook SignalR keeps for its own tests (marked internal,
      // so it is missing from the typings).
      const fake = {
        ...(options as IHttpConnectionOptions),
        transport: HttpTransportType.WebSockets,
        skipNegotiation: true,
        WebSocket: FakeWebSocket,
      } as IHttpConnectionOptions;
      return withUrl.call(this, url, fake);
    });
  });

  afterEach(async () => {
    await Promise.all(ports.splice(0).map((port) => port.stop()));
    jest.restoreAllMocks();
  });

  it.each<Kind>(['on', 'onClose', 'onReconnecting', 'onReconnected'])(
    'calls an %s handler until its teardown runs, then never again, while other handlers still are',
    async (kind) => {
      const port = createSignalRConnection(HUB_URL, {
        retryPolicy: retryAtOnce,
        logLevel: LogLevel.None,
      });
      ports.push(port);
      const probes: Record<Kind, Handler> = {
        on: jest.fn(),
        onClose: jest.fn(),
        onReconnecting: jest.fn(),
        onReconnected: jest.fn(),
      };
      (Object.keys(probes) as Kind[]).forEach((probe) => register(port, probe, probes[probe]));
      const handler: Handler = jest.fn();
      const off = register(port, kind, handler);

      await liveOnce(port, probes, 1);
      expect(FakeWebSocket.created.map((socket) => socket.url)).toEqual([
        'ws://127.0.0.1:5080/candles-hub',
        'ws://127.0.0.1:5080/candles-hub',
      ]);
      expect(handler).toHaveBeenCalledTimes(1);
      if (kind === 'on') expect(handler).toHaveBeenCalledWith(PAYLOAD);

      off();
      await liveOnce(port, probes, 2);

      expect(probes[kind]).toHaveBeenCalledTimes(2);
      expect(handler).toHaveBeenCalledTimes(1);
    },
  );
});
