import { afterEach, describe, expect, it } from '@jest/globals';
import { type LogFn, type Logger } from './Logger';
import { negotiate, RawWsClient, request } from './test-support/RawClient';
import { startTestHub, type TestHubServer, waitFor } from './test-support/startTestHub';

const RS = '\x1e';
let server: TestHubServer | undefined;

afterEach(async () => {
  await server?.stop();
  server = undefined;
});

describe('Hub limits', () => {
  it('refuses negotiate with an error once maxConnections connections exist', async () => {
    server = await startTestHub({ maxConnections: 2 });
    await negotiate(server.url);
    await negotiate(server.url);

    const third = await request('POST', `${server.url}/negotiate?negotiateVersion=1`);

    expect(third.status).toBe(200);
    expect(JSON.parse(third.text)).toEqual({ error: 'Not allowed: too many connections.' });
  });

  it('caps connections per client address, so one client cannot lock others out', async () => {
    server = await startTestHub({
      maxConnectionsPerClient: 2,
      clientAddress: (req) => String(req.headers['x-client'] ?? 'unknown'),
    });
    const as = (client: string) =>
      request('POST', `${server!.url}/negotiate?negotiateVersion=1`, undefined, {
        'x-client': client,
      });
    await as('hostile');
    await as('hostile');

    const third = await as('hostile');
    const other = await as('someone-else');

    expect(JSON.parse(third.text)).toEqual({
      error: 'Not allowed: too many connections from this client.',
    });
    expect(JSON.parse(other.text)).toHaveProperty('connectionToken');
    await expect(
      RawWsClient.open(server.url, undefined, { 'x-client': 'hostile' }),
    ).rejects.toMatchObject({ status: 503 });
  });

  it('drops negotiated connections that never open a transport after negotiateTimeoutMs', async () => {
    server = await startTestHub({ negotiateTimeoutMs: 100, maxConnections: 3 });
    for (let n = 0; n < 3; n += 1) await negotiate(server.url);
    const refused = await request('POST', `${server.url}/negotiate?negotiateVersion=1`);
    expect(JSON.parse(refused.text)).toEqual({ error: 'Not allowed: too many connections.' });

    // negotiateTimeoutMs plus a few sweeps (tickIntervalMs 20).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      JSON.parse((await request('POST', `${server.url}/negotiate?negotiateVersion=1`)).text),
    ).toHaveProperty('connectionToken');
  });

  it('answers invocations over maxInvocationsPerSecond with an error, without running them', async () => {
    server = await startTestHub({ maxInvocationsPerSecond: 3 });
    const { connectionToken } = await negotiate(server.url);
    const ws = await RawWsClient.open(server.url, connectionToken);
    await ws.handshake();

    ws.sendText(
      Array.from(
        { length: 5 },
        (_, n) => `{"type":1,"invocationId":"${n}","target":"Count","arguments":[]}${RS}`,
      ).join(''),
    );
    const records = (await ws.waitForRecords(6)).slice(1).map((r) => JSON.parse(r) as object);

    expect(records.slice(0, 3)).toEqual([
      { type: 3, invocationId: '0', result: 1 },
      { type: 3, invocationId: '1', result: 2 },
      { type: 3, invocationId: '2', result: 3 },
    ]);
    expect(records[3]).toEqual({
      type: 3,
      invocationId: '3',
      error: 'Too many invocations: at most 3 per second.',
    });
    ws.close();
  });

  it('answers 503 to an SSE or long-polling transport over maxHttpStreamingConnections', async () => {
    server = await startTestHub({ maxHttpStreamingConnections: 1 });
    const first = await negotiate(server.url);
    const second = await negotiate(server.url);
    expect((await request('GET', `${server.url}?id=${first.connectionToken}`)).status).toBe(200);

    expect((await request('GET', `${server.url}?id=${second.connectionToken}`)).status).toBe(503);
    // WebSockets are not counted against it.
    const ws = await RawWsClient.open(server.url, second.connectionToken);
    await ws.handshake();
    ws.close();
  });

  it('refuses new connections with 503 while shutting down', async () => {
    server = await startTestHub();
    const stopping = server.hub.close();

    expect((await request('POST', `${server.url}/negotiate?negotiateVersion=1`)).status).toBe(503);
    await stopping;
  });
});

describe('Hub logging', () => {
  it('names connections by id and never logs the connection token', async () => {
    const lines: string[] = [];
    const capture: LogFn = (details, message) => {
      lines.push(
        `${message} ${JSON.stringify(details, (_key, value: unknown) => (value instanceof Error ? value.message : value))}`,
      );
    };
    const logger: Logger = { debug: capture, info: capture, warn: capture, error: capture };
    server = await startTestHub({ logger });
    const { connectionId, connectionToken } = await negotiate(server.url);
    const url = `${server.url}?id=${connectionToken}`;

    await request('GET', url);
    await request('POST', url, `{"protocol":"json","version":1}${RS}`);
    await request('GET', url);
    await request(
      'POST',
      url,
      `{"type":1,"invocationId":"0","target":"Crash","arguments":[]}${RS}`,
    );
    await request('GET', url);
    await request('POST', url, `not json${RS}`);
    await request('GET', url);
    await waitFor(
      () => lines.some((line) => line.startsWith('SignalR client disconnected')),
      'the disconnect log',
    );

    expect(lines.some((line) => line.includes(connectionId))).toBe(true);
    expect(lines.some((line) => line.startsWith('SignalR hub method failed'))).toBe(true);
    expect(lines.filter((line) => line.includes(connectionToken))).toEqual([]);
  });
});
