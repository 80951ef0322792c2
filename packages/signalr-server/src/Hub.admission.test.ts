import { afterEach, describe, expect, it } from '@jest/globals';
import { type HubSettings } from './HubOptions';
import { RawWsClient, request } from './test-support/RawClient';
import {
  delay,
  startTestHub,
  type TestHubServer,
  type TestState,
  waitFor,
} from './test-support/startTestHub';

const RS = '\x1e';
let server: TestHubServer | undefined;

afterEach(async () => {
  await server?.stop();
  server = undefined;
});

/** A hub whose client address is the `x-client` header, so one test plays many addresses. */
async function startHub(settings: HubSettings<TestState>): Promise<TestHubServer> {
  server = await startTestHub({
    // Long enough that nothing is reaped while a test fills the hub.
    negotiateTimeoutMs: 10_000,
    clientTimeoutMs: 10_000,
    clientAddress: (req) => String(req.headers['x-client'] ?? 'unknown'),
    ...settings,
  });
  return server;
}

/** Negotiates as `client`; the error text, or 'ok'. */
async function negotiateAs(client: string): Promise<string> {
  const response = await request('POST', `${server!.url}/negotiate?negotiateVersion=1`, undefined, {
    'x-client': client,
  });
  const body = JSON.parse(response.text) as { error?: string; connectionToken?: string };
  return body.error ?? (body.connectionToken === undefined ? 'no token' : 'ok');
}

/** Opens and handshakes a WebSocket as `client` (skipNegotiation). */
async function connectAs(client: string): Promise<RawWsClient> {
  const ws = await RawWsClient.open(server!.url, undefined, { 'x-client': client });
  await ws.handshake();
  return ws;
}

describe('Fair admission', () => {
  it('counts IPv6 clients by their /64, and IPv4-mapped addresses as IPv4', async () => {
    await startHub({ maxConnectionsPerClient: 2 });

    const sameNet = [
      await negotiateAs('2001:db8:1:2::1'),
      await negotiateAs('2001:db8:1:2:ffff:0:0:9'),
      await negotiateAs('2001:0db8:0001:0002:abcd::7'),
    ];
    const otherNet = await negotiateAs('2001:db8:1:3::1');
    const mapped = [await negotiateAs('198.51.100.7'), await negotiateAs('::ffff:198.51.100.7')];
    const mappedThird = await negotiateAs('::FFFF:198.51.100.7');

    expect(sameNet).toEqual(['ok', 'ok', 'Not allowed: too many connections from this client.']);
    expect(otherNet).toBe('ok');
    expect(mapped).toEqual(['ok', 'ok']);
    expect(mappedThird).toBe('Not allowed: too many connections from this client.');
  });

  it('keeps reservedShare of maxConnections for addresses with few connections', async () => {
    await startHub({ maxConnections: 10, reservedShare: 0.2, maxConnectionsPerClient: 100 });
    const big: string[] = [];
    for (let n = 0; n < 9; n += 1) big.push(await negotiateAs('big'));

    const smallOnes = [await negotiateAs('small-a'), await negotiateAs('small-a')];
    const full = await negotiateAs('small-b');

    // 8 = 10 − 20 %: the ninth from the big address is refused, the reserve goes to small-a.
    expect(big.filter((answer) => answer === 'ok')).toHaveLength(8);
    expect(big[8]).toMatch(/^Not allowed: too many connections/);
    expect(smallOnes).toEqual(['ok', 'ok']);
    expect(full).toBe('Not allowed: too many connections.');
  });

  it('when full, evicts the oldest idle ungrouped connection of the biggest address for a small one', async () => {
    await startHub({
      maxConnections: 5,
      reservedShare: 0.2,
      evictIdleAfterMs: 300,
    });
    const big = [
      await connectAs('big'),
      await connectAs('big'),
      await connectAs('big'),
      await connectAs('big'),
    ];
    big[0]!.sendText(`{"type":1,"invocationId":"j","target":"Join","arguments":["room"]}${RS}`);
    await big[0]!.waitForRecords(2);
    const smallA = await connectAs('small-a');
    const refusedWhileBusy = await negotiateAs('small-b');
    await delay(400); // everyone is idle now, but big[0] is in a group

    const admitted = await negotiateAs('small-b');
    await waitFor(() => big[1]!.closeCode !== undefined, 'the evicted connection to close');

    expect(refusedWhileBusy).toBe('Not allowed: too many connections.');
    expect(admitted).toBe('ok');
    expect(big[1]!.messages.at(-1)).toBe(
      '{"type":7,"error":"Server closed the connection to make room for other clients: it was idle.","allowReconnect":true}',
    );
    // The grouped one, the younger idle ones and the small address keep their connections.
    expect([big[0], big[2], big[3], smallA].map((ws) => ws!.closeCode)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    for (const ws of [...big, smallA]) ws.close();
  });

  it('never evicts a connection that invoked a method within evictIdleAfterMs', async () => {
    await startHub({ maxConnections: 4, reservedShare: 0.25, evictIdleAfterMs: 300 });
    const big = [await connectAs('big'), await connectAs('big'), await connectAs('big')];
    const small = await connectAs('small-a');
    await delay(400);
    for (const ws of big) {
      ws.sendText(`{"type":1,"invocationId":"e","target":"Echo","arguments":["hi"]}${RS}`);
      await ws.waitForRecords(2);
    }

    expect(await negotiateAs('small-b')).toBe('Not allowed: too many connections.');
    expect([...big, small].map((ws) => ws.closeCode)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    for (const ws of [...big, small]) ws.close();
  });

  it('keeps reservedShare of maxHttpStreamingConnections for addresses with few connections', async () => {
    await startHub({ maxHttpStreamingConnections: 5, reservedShare: 0.2 });
    const poll = async (client: string): Promise<number> => {
      const response = await request(
        'POST',
        `${server!.url}/negotiate?negotiateVersion=1`,
        undefined,
        { 'x-client': client },
      );
      const { connectionToken } = JSON.parse(response.text) as { connectionToken: string };
      return (await request('GET', `${server!.url}?id=${connectionToken}`)).status;
    };
    const big: number[] = [];
    for (let n = 0; n < 5; n += 1) big.push(await poll('big'));

    const small = await poll('small');

    expect(big).toEqual([200, 200, 200, 200, 503]);
    expect(small).toBe(200);
  });

  it('rejects invalid admission settings with the option named', async () => {
    await expect(startTestHub({ reservedShare: 1 })).rejects.toThrow(/reservedShare/);
    await expect(startTestHub({ reservedShare: -0.1 })).rejects.toThrow(/reservedShare/);
    await expect(startTestHub({ evictIdleAfterMs: 0 })).rejects.toThrow(/evictIdleAfterMs/);
  });
});
