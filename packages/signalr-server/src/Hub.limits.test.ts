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
