import { describe, expect, it } from '@jest/globals';
import { Connection, type ConnectionHost } from './Connection';
import { type Frame } from './Frame';
import { resolveSettings } from './resolveSettings';
import { type Transport, type TransportOwner } from './Transport';
import { type HubSettings } from './HubOptions';

const RS = '\x1e';

/** A transport whose buffer can be made "full", to act as a client that stopped reading. */
class FakeTransport implements Transport {
  readonly kind = 'WebSockets' as const;
  blocked = false;
  ended = false;
  readonly written: string[] = [];

  tryWrite(frame: Frame): boolean {
    if (this.blocked) return false;
    this.written.push(frame.text);
    return true;
  }

  notifyQueued(): void {}

  end(): void {
    this.ended = true;
  }

  abort(): void {}

  idleFor(): number {
    return 0;
  }

  /** The client caught up: the queue is written out in one go. */
  drain(owner: TransportOwner): void {
    this.blocked = false;
    this.written.push(
      owner
        .takeQueued()
        .map((f) => f.text)
        .join(''),
    );
    owner.transportReady();
  }

  /** Records written, each without its separator. */
  get records(): string[] {
    return this.written
      .join('')
      .split(RS)
      .filter((r) => r !== '');
  }
}

interface Harness {
  connection: Connection<object>;
  transport: FakeTransport;
  ended: { wasConnected: boolean; error: string | undefined }[];
  released: number;
}

function connected(
  settings: HubSettings<object> = {},
  invoke: ConnectionHost<object>['invoke'] = () => Promise.resolve(),
): Harness {
  const harness = { ended: [], released: 0 } as unknown as Harness;
  const resolved = resolveSettings(settings);
  const host: ConnectionHost<object> = {
    settings: resolved,
    logger: resolved.logger,
    connected: () => Promise.resolve(),
    invoke,
    addToGroup: () => undefined,
    removeFromGroup: () => undefined,
    ended: (_c, wasConnected, error) => harness.ended.push({ wasConnected, error: error?.message }),
    released: () => {
      harness.released += 1;
    },
  };
  const connection = new Connection<object>(host, 'id', 'token', {}, Date.now(), '127.0.0.1');
  const transport = new FakeTransport();
  connection.bindTransport(transport, Date.now());
  connection.receive(Buffer.from(`{"protocol":"json","version":1}${RS}`));
  harness.connection = connection;
  harness.transport = transport;
  return harness;
}

const invocation = (n: number) =>
  `{"type":1,"invocationId":"${n}","target":"Echo","arguments":["${n}"]}${RS}`;

describe('Connection', () => {
  it('lets the event loop run between two invocations of one burst', async () => {
    let calls = 0;
    const { connection } = connected({}, () => {
      calls += 1;
      return Promise.resolve();
    });
    const callsWhenOthersRan = new Promise<number>((resolve) => {
      // Scheduled after the burst arrived: it runs as soon as the loop gets a turn.
      connection.receive(Buffer.from(Array.from({ length: 20 }, (_, n) => invocation(n)).join('')));
      setImmediate(() => resolve(calls));
    });

    expect(await callsWhenOthersRan).toBeLessThanOrEqual(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toBe(20);
  });

  it('closes a connection that queues more invocations than maxPendingInvocations', () => {
    const { connection, ended } = connected({ maxPendingInvocations: 4 });

    connection.receive(Buffer.from(Array.from({ length: 5 }, (_, n) => invocation(n)).join('')));

    expect(connection.isOpen).toBe(false);
    expect(ended).toEqual([{ wasConnected: true, error: 'Connection closed with an error.' }]);
  });

  it('spends one rate token per invocation and refills them over time', () => {
    const { connection } = connected({ maxInvocationsPerSecond: 2 });
    const start = Date.now() + 10_000;

    expect([start, start, start].map((now) => connection.takeInvocationToken(now))).toEqual([
      true,
      true,
      false,
    ]);
    expect(connection.takeInvocationToken(start + 499)).toBe(false);
    expect(connection.takeInvocationToken(start + 500)).toBe(true);
  });

  it('writes straight to the transport while it keeps up', () => {
    const { connection, transport } = connected();

    connection.send('Update', [1], { key: 'k' });
    connection.send('Update', [2], { key: 'k' });

    expect(transport.records).toEqual([
      '{}',
      '{"type":1,"target":"Update","arguments":[1]}',
      '{"type":1,"target":"Update","arguments":[2]}',
    ]);
  });

  it('keeps only the latest message per key while the client is behind, and every unkeyed one', () => {
    const { connection, transport } = connected();
    transport.blocked = true;

    for (let n = 1; n <= 100; n += 1) connection.send('Candle', ['BTC', n], { key: 'BTC' });
    connection.send('Notice', ['kept']);
    for (let n = 1; n <= 100; n += 1) connection.send('Candle', ['ETH', n], { key: 'ETH' });
    connection.send('Candle', ['BTC', 101], { key: 'BTC' });
    transport.drain(connection);

    expect(transport.records.slice(1)).toEqual([
      '{"type":1,"target":"Notice","arguments":["kept"]}',
      '{"type":1,"target":"Candle","arguments":["ETH",100]}',
      '{"type":1,"target":"Candle","arguments":["BTC",101]}',
    ]);
    expect(connection.isOpen).toBe(true);
  });

  it('closes with allowReconnect when its queue outgrows the limit', () => {
    const { connection, transport, ended } = connected({ maxQueuedBytes: 1_000 });
    transport.blocked = true;

    for (let n = 0; n < 50; n += 1) connection.send('Notice', ['x'.repeat(40)]);
    transport.drain(connection);

    expect(connection.isOpen).toBe(false);
    expect(transport.ended).toBe(true);
    expect(ended).toEqual([
      {
        wasConnected: true,
        error: 'Server closed the connection: the client did not keep up with its messages.',
      },
    ]);
    // What was queued is dropped; only the Close goes out.
    expect(transport.records.slice(1)).toEqual([
      '{"type":7,"error":"Server closed the connection: the client did not keep up with its messages.","allowReconnect":true}',
    ]);
  });

  it('closes with allowReconnect when the transport does not drain within the slow-consumer timeout', () => {
    const { connection, transport } = connected({
      slowConsumerTimeoutMs: 1_000,
      clientTimeoutMs: 60_000,
    });
    transport.blocked = true;
    connection.send('Candle', [1], { key: 'k' });

    connection.tick(Date.now() + 500);
    expect(connection.isOpen).toBe(true);
    connection.tick(Date.now() + 1_500);

    expect(connection.isOpen).toBe(false);
    expect(transport.ended).toBe(true);
  });

  it('pings after the keep-alive interval without sends, and not before', () => {
    const { connection, transport } = connected({ keepAliveIntervalMs: 1_000 });

    connection.tick(Date.now() + 500);
    expect(transport.records).toEqual(['{}']);
    connection.tick(Date.now() + 1_000);

    expect(transport.records).toEqual(['{}', '{"type":6}']);
  });

  it('coalesces pings queued behind a stuck transport', () => {
    const { connection, transport } = connected({
      keepAliveIntervalMs: 1_000,
      slowConsumerTimeoutMs: 60_000,
    });
    transport.blocked = true;

    for (let n = 1; n <= 5; n += 1) connection.tick(Date.now() + n * 1_000);
    transport.drain(connection);

    expect(transport.records).toEqual(['{}', '{"type":6}']);
  });

  it('closes a client that has sent nothing for the client timeout', () => {
    const { connection, transport } = connected({ clientTimeoutMs: 1_000 });

    connection.tick(Date.now() + 900);
    expect(connection.isOpen).toBe(true);
    connection.tick(Date.now() + 1_100);

    expect(connection.isOpen).toBe(false);
    expect(JSON.parse(transport.records.at(-1)!)).toMatchObject({ type: 7, allowReconnect: true });
  });

  it('runs nothing and keeps quiet after the client sends Close', () => {
    const { connection, transport, ended } = connected();

    connection.receive(Buffer.from(`{"type":7}${RS}{"type":1,"target":"X","arguments":[]}${RS}`));
    connection.send('Update', [1]);

    expect(connection.isOpen).toBe(false);
    expect(transport.records).toEqual(['{}']);
    expect(ended).toEqual([{ wasConnected: true, error: undefined }]);
  });

  it('ends once and releases once however many times the transport reports its end', () => {
    const harness = connected();

    harness.connection.transportClosed();
    harness.connection.transportClosed();
    harness.connection.close();

    expect(harness.ended.length).toBe(1);
    expect(harness.released).toBe(1);
  });
});
