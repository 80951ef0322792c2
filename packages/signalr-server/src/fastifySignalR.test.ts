import { afterEach, describe, expect, it } from '@jest/globals';
import {
  HttpTransportType,
  HubConnectionBuilder,
  HubConnectionState,
  LogLevel,
} from '@microsoft/signalr';
import Fastify, { type FastifyInstance } from 'fastify';
import { type AddressInfo } from 'node:net';
import { fastifySignalR } from './fastifySignalR';
import { guards } from './guards';
import { Hub } from './Hub';
import { request } from './test-support/RawClient';
import { FAST_SETTINGS, waitFor } from './test-support/startTestHub';

let app: FastifyInstance | undefined;

afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function startApp(prefix?: string): Promise<{ base: string; hub: Hub }> {
  const hub = new Hub({ ...FAST_SETTINGS, allowedOrigins: ['http://app.example'] });
  hub.addMethod('Echo', [guards.string], (_caller, text) => text);
  // The client can leave a socket open that never carried a request (an aborted poll); without
  // forcing, app.close() would wait for Node's headers timeout to reap it.
  app = Fastify({ forceCloseConnections: true });
  app.get('/status', async () => ({ ok: true }));
  // An app-wide onSend hook must not disturb the hub, whose replies bypass Fastify.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-app', 'yes');
    return payload;
  });
  await app.register(fastifySignalR, { hub, path: '/candles-hub', ...(prefix ? { prefix } : {}) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { base: `http://127.0.0.1:${port}`, hub };
}

describe('fastifySignalR', () => {
  it.each([
    ['WebSockets', HttpTransportType.WebSockets],
    ['ServerSentEvents', HttpTransportType.ServerSentEvents],
    ['LongPolling', HttpTransportType.LongPolling],
  ] as const)(
    'serves the official client over %s next to ordinary routes',
    async (name, transport) => {
      const { base, hub } = await startApp();
      const client = new HubConnectionBuilder()
        .withUrl(`${base}/candles-hub`, { transport })
        .configureLogging(LogLevel.None)
        .build();

      await client.start();
      await expect(client.invoke('Echo', 'via fastify')).resolves.toBe('via fastify');
      expect(hub.getConnection(client.connectionId!)?.transport).toBe(name);
      const status = await request('GET', `${base}/status`);
      expect(status.status).toBe(200);
      expect(JSON.parse(status.text)).toEqual({ ok: true });
      await client.stop();
    },
  );

  it('answers CORS preflights for the hub routes', async () => {
    const { base } = await startApp();

    const response = await request('OPTIONS', `${base}/candles-hub/negotiate`, undefined, {
      Origin: 'http://app.example',
      'Access-Control-Request-Method': 'POST',
    });

    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://app.example');
  });

  it('honours the prefix the plugin is registered under', async () => {
    const { base } = await startApp('/api');
    const client = new HubConnectionBuilder()
      .withUrl(`${base}/api/candles-hub`, { transport: HttpTransportType.WebSockets })
      .configureLogging(LogLevel.None)
      .build();

    await client.start();
    await expect(client.invoke('Echo', 'prefixed')).resolves.toBe('prefixed');
    await client.stop();
  });

  it('closes the hub with Fastify, telling clients they may reconnect', async () => {
    const { base } = await startApp();
    const client = new HubConnectionBuilder()
      .withUrl(`${base}/candles-hub`, { transport: HttpTransportType.WebSockets })
      .withAutomaticReconnect([60_000])
      .configureLogging(LogLevel.None)
      .build();
    const reconnecting: (string | undefined)[] = [];
    client.onreconnecting((error) => reconnecting.push(error?.message));
    await client.start();

    await app!.close();
    app = undefined;
    await waitFor(() => reconnecting.length === 1, 'the client to start reconnecting');

    expect(client.state).toBe(HubConnectionState.Reconnecting);
    await client.stop();
  });
});
