import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { request as httpRequest } from 'node:http';
import { type HttpStatusError, negotiate, RawWsClient, request } from './test-support/RawClient';
import { delay, startTestHub, type TestHubServer, waitFor } from './test-support/startTestHub';

const RS = '\x1e';
const HANDSHAKE = `{"protocol":"json","version":1}${RS}`;
const ORIGIN = 'http://app.example';

let server: TestHubServer;

beforeAll(async () => {
  server = await startTestHub({ allowedOrigins: [ORIGIN] });
});

afterAll(async () => {
  await server.stop();
});

describe('Negotiate', () => {
  it('answers version 1 with a public id, a different URL-safe secret token and the three transports in order', async () => {
    const response = await request('POST', `${server.url}/negotiate?negotiateVersion=1`);
    const body = JSON.parse(response.text) as Record<string, unknown>;

    expect(response.status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(
      ['availableTransports', 'connectionId', 'connectionToken', 'negotiateVersion'].sort(),
    );
    expect(body.negotiateVersion).toBe(1);
    expect(body.connectionId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(body.connectionToken).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(body.connectionToken).not.toBe(body.connectionId);
    expect(body.availableTransports).toEqual([
      { transport: 'WebSockets', transferFormats: ['Text', 'Binary'] },
      { transport: 'ServerSentEvents', transferFormats: ['Text'] },
      { transport: 'LongPolling', transferFormats: ['Text', 'Binary'] },
    ]);
  });

  it('answers a request without a version in the version 0 shape, without a token', async () => {
    const body = JSON.parse((await request('POST', `${server.url}/negotiate`)).text) as Record<
      string,
      unknown
    >;

    expect(body.negotiateVersion).toBe(0);
    expect(body.connectionToken).toBeUndefined();
    expect(typeof body.connectionId).toBe('string');
  });

  it('reads negotiateVersion case-insensitively and caps it at 1', async () => {
    const body = JSON.parse(
      (
        await request(
          'POST',
          `${server.url}/negotiate?NEGOTIATEVERSION=5&useStatefulReconnect=true`,
        )
      ).text,
    ) as Record<string, unknown>;

    expect(body.negotiateVersion).toBe(1);
    expect(body.useStatefulReconnect).toBeUndefined();
  });

  it('never uses the public connection id as the transport token', async () => {
    const { connectionId } = await negotiate(server.url);

    expect((await request('GET', `${server.url}?id=${connectionId}`)).status).toBe(404);
  });
});

describe('CORS', () => {
  it('answers a preflight from an allowed origin with credentials allowed and the origin echoed', async () => {
    const response = await request(
      'OPTIONS',
      `${server.url}/negotiate?negotiateVersion=1`,
      undefined,
      {
        Origin: ORIGIN,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'x-requested-with,x-signalr-user-agent',
      },
    );

    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(response.headers.get('access-control-allow-credentials')).toBe('true');
    expect(response.headers.get('access-control-allow-headers')).toContain('x-signalr-user-agent');
    expect(response.headers.get('access-control-allow-methods')).toContain('DELETE');
    expect(response.headers.get('vary')).toBe('Origin');
  });

  it('refuses a DNS-rebinding page whose Origin matches the Host header but is not listed', async () => {
    // evil.example resolved to this server: the browser sends Origin and Host of the same name.
    const rebinding = { Origin: 'http://evil.example:5080', Host: 'evil.example:5080' };
    const negotiated = await rawPost(`${server.url}/negotiate?negotiateVersion=1`, rebinding);
    const upgrade = await RawWsClient.open(server.url, undefined, rebinding).then(
      (client) => {
        client.close();
        return 0;
      },
      (error: unknown) => (error as HttpStatusError).status,
    );

    expect(negotiated.status).toBe(403);
    expect(negotiated.allowOrigin).toBeUndefined();
    expect(upgrade).toBe(403);
  });

  it('allows a listed origin whatever the Host header says', async () => {
    const response = await rawPost(`${server.url}/negotiate?negotiateVersion=1`, {
      Origin: ORIGIN,
      Host: 'app.example',
    });

    expect(response.status).toBe(200);
    expect(response.allowOrigin).toBe(ORIGIN);
  });

  it('refuses to be configured with the * origin', async () => {
    await expect(startTestHub({ allowedOrigins: ['*'] })).rejects.toThrow(/allowedOrigins/);
  });
});

describe('WebSockets', () => {
  it('accepts the handshake and an invocation in one frame, and a record split over two frames', async () => {
    const { connectionToken } = await negotiate(server.url);
    const client = await RawWsClient.open(server.url, connectionToken);

    client.sendText(
      `${HANDSHAKE}{"type":1,"invocationId":"0","target":"Echo","arguments":["one"]}${RS}`,
    );
    client.sendText('{"type":1,"invocationId":"1","tar');
    client.sendText(`get":"Echo","arguments":["two"]}${RS}`);
    await waitFor(() => client.messages.length >= 3, 'three records');

    expect(client.messages).toEqual([
      '{}',
      '{"type":3,"invocationId":"0","result":"one"}',
      '{"type":3,"invocationId":"1","result":"two"}',
    ]);
    client.close();
  });

  it('opens a connection without negotiate (skipNegotiation)', async () => {
    const client = await RawWsClient.open(server.url);
    await client.handshake();
    client.sendText(`{"type":1,"invocationId":"0","target":"Add","arguments":[1,2]}${RS}`);
    await waitFor(() => client.messages.length >= 2, 'the completion');

    expect(client.messages[1]).toBe('{"type":3,"invocationId":"0","result":3}');
    client.close();
  });

  it('closes a client that sends nothing for the client timeout, allowing it to reconnect', async () => {
    const client = await RawWsClient.open(server.url);
    await client.handshake();

    // Server timings: client timeout 1 s, keep-alive 100 ms.
    const code = await client.waitForClose(3_000);

    expect(code).toBe(1000);
    expect(client.records.filter((r) => r === '{"type":6}').length).toBeGreaterThan(3);
    expect(JSON.parse(client.records.at(-1)!)).toEqual({
      type: 7,
      error: 'Server closed the connection: nothing was received from the client in time.',
      allowReconnect: true,
    });
  });
});

describe('Server-Sent Events', () => {
  it('streams the handshake answer and messages as data events after a leading comment', async () => {
    const { connectionToken } = await negotiate(server.url);
    const controller = new AbortController();
    const stream = await fetch(`${server.url}?id=${connectionToken}`, {
      headers: { Accept: 'text/event-stream' },
      signal: controller.signal,
    });
    const reader = stream.body!.getReader();
    let text = '';
    const readUntil = async (needle: string): Promise<void> => {
      while (!text.includes(needle)) {
        const { value } = await reader.read();
        text += Buffer.from(value!).toString('utf8');
      }
    };

    expect(stream.headers.get('content-type')).toBe('text/event-stream');
    await request('POST', `${server.url}?id=${connectionToken}`, HANDSHAKE);
    await request(
      'POST',
      `${server.url}?id=${connectionToken}`,
      `{"type":1,"invocationId":"0","target":"Echo","arguments":["sse"]}${RS}`,
    );
    await readUntil('"result":"sse"');

    expect(text.startsWith(':\r\n')).toBe(true);
    expect(text).toContain(`data: {}${RS}\r\n\r\n`);
    expect(text).toContain(`data: {"type":3,"invocationId":"0","result":"sse"}${RS}\r\n\r\n`);
    controller.abort();
    // Closing the stream ends the connection: its token is forgotten.
    let status = 0;
    for (let attempt = 0; attempt < 100 && status !== 404; attempt += 1) {
      await delay(10);
      status = (await request('POST', `${server.url}?id=${connectionToken}`, `{"type":6}${RS}`))
        .status;
    }
    expect(status).toBe(404);
  });
});

describe('Long polling', () => {
  it('answers the first poll at once, holds the next one until data, and ends with 204 after DELETE', async () => {
    const { connectionToken: token } = await negotiate(server.url);
    const poll = (): Promise<{ status: number; text: string }> =>
      request('GET', `${server.url}?id=${token}&_=${Date.now()}`);

    const first = await poll();
    expect(first).toMatchObject({ status: 200, text: '' });

    const held = poll();
    await delay(50);
    await request('POST', `${server.url}?id=${token}`, HANDSHAKE);
    expect(await held).toMatchObject({ status: 200, text: `{}${RS}` });

    // Nothing to send: an empty 200 after the poll timeout (300 ms here), and the client polls again.
    expect(await poll()).toMatchObject({ status: 200, text: '' });

    const last = poll();
    await delay(50);
    expect((await request('DELETE', `${server.url}?id=${token}`)).status).toBe(202);
    expect((await last).status).toBe(204);
    expect((await poll()).status).toBe(404);
  });

  it('answers a superseded poll with 204 and keeps the new one', async () => {
    const { connectionToken: token } = await negotiate(server.url);
    await request('GET', `${server.url}?id=${token}`);
    const old = request('GET', `${server.url}?id=${token}`);
    await delay(50);
    const fresh = request('GET', `${server.url}?id=${token}`);

    expect((await old).status).toBe(204);
    await request('POST', `${server.url}?id=${token}`, HANDSHAKE);
    expect((await fresh).text).toBe(`{}${RS}`);
    await request('DELETE', `${server.url}?id=${token}`);
  });

  it('drops a client that stops polling', async () => {
    const { connectionToken: token } = await negotiate(server.url);
    await request('GET', `${server.url}?id=${token}`);
    await request('POST', `${server.url}?id=${token}`, HANDSHAKE);
    expect((await request('GET', `${server.url}?id=${token}`)).text).toBe(`{}${RS}`);

    // disconnectTimeout is 500 ms in these tests.
    await delay(800);

    expect((await request('GET', `${server.url}?id=${token}`)).status).toBe(404);
  });
});

describe('Reaping', () => {
  it('forgets a negotiated connection that never opens a transport', async () => {
    const { connectionToken } = await negotiate(server.url);

    await delay(800);

    expect((await request('GET', `${server.url}?id=${connectionToken}`)).status).toBe(404);
  });
});

/** A POST with headers fetch will not send (Host); resolves with the status and CORS header. */
function rawPost(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; allowOrigin: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'POST', headers }, (res) => {
      res.resume();
      const allowOrigin = res.headers['access-control-allow-origin'];
      resolve({ status: res.statusCode ?? 0, allowOrigin });
    });
    req.on('error', reject);
    req.end();
  });
}
