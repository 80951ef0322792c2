import { once } from 'node:events';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { ShapedLink } from './ShapedLink';

// Only lower bounds and comparisons: the link adds its delays on top of whatever the machine
// takes, so a busy machine can make a request slower, never faster than its shape.

/** 1,000 bytes per ms each way, 100 ms round trip. */
const SHAPE = { rttMs: 100, downKbps: 8_000, upKbps: 8_000 };
const BIG = 200_000;

/** A GET through the proxy on `agent`'s connections: status, body, and how long it took. */
function get(
  proxyUrl: string,
  url: string,
  agent: http.Agent,
): Promise<{ status: number; body: Buffer; ms: number }> {
  const proxy = new URL(proxyUrl);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: proxy.hostname, port: proxy.port, path: url, agent },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks),
            ms: performance.now() - started,
          }),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });
}

describe('ShapedLink', () => {
  let origin: http.Server;
  let originUrl: string;
  let originRequests: string[];
  let link: ShapedLink;
  let agent: http.Agent;

  beforeEach(async () => {
    originRequests = [];
    origin = http.createServer((request, response) => {
      originRequests.push(request.url ?? '');
      const body = request.url === '/big' ? Buffer.alloc(BIG, 7) : Buffer.from('small');
      response.writeHead(200, { 'Content-Type': 'application/octet-stream', 'X-Origin': 'yes' });
      response.end(body);
    });
    origin.listen(0, '127.0.0.1');
    await once(origin, 'listening');
    originUrl = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
    link = await ShapedLink.start(SHAPE, (url) =>
      url.pathname === '/local'
        ? { status: 200, headers: { 'Content-Type': 'text/plain' }, body: Buffer.from('here') }
        : undefined,
    );
    agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  });

  afterEach(async () => {
    agent.destroy();
    await link.close();
    await new Promise((resolve) => origin.close(resolve));
  });

  it('forwards a request to its origin, after the handshakes the first time it is reached', async () => {
    const first = await get(link.proxyUrl, `${originUrl}/small`, agent);
    // Another connection to the proxy: the origin's connection is open already (as HTTP/2's).
    const second = await get(link.proxyUrl, `${originUrl}/small`, new http.Agent());

    expect(first).toMatchObject({ status: 200, body: Buffer.from('small') });
    expect(originRequests).toEqual(['/small', '/small']);
    expect(link.passed).toBe(2);
    // TCP's and TLS's round trips, then the request's.
    expect(first.ms).toBeGreaterThanOrEqual(3 * SHAPE.rttMs - 2);
    expect(second.ms).toBeGreaterThanOrEqual(SHAPE.rttMs - 2);
    expect(second.ms).toBeLessThan(2 * SHAPE.rttMs);
  });

  it('makes the requests that reach an origin first together wait for the one handshake', async () => {
    const both = await Promise.all([
      get(link.proxyUrl, `${originUrl}/small`, new http.Agent()),
      get(link.proxyUrl, `${originUrl}/small`, new http.Agent()),
    ]);

    for (const answer of both) expect(answer.ms).toBeGreaterThanOrEqual(3 * SHAPE.rttMs - 2);
    // Not one handshake after the other.
    expect(Math.max(...both.map((answer) => answer.ms))).toBeLessThan(5 * SHAPE.rttMs);
  });

  it('takes as many handshake round trips as the shape says', async () => {
    const plain = await ShapedLink.start({ ...SHAPE, handshakeRoundTrips: 0 });
    try {
      const answer = await get(plain.proxyUrl, `${originUrl}/small`, agent);
      expect(answer.ms).toBeGreaterThanOrEqual(SHAPE.rttMs - 2);
      expect(answer.ms).toBeLessThan(2 * SHAPE.rttMs);
    } finally {
      await plain.close();
    }
  });

  it('meters a body at the bandwidth, shared by the connections at once', async () => {
    await get(link.proxyUrl, `${originUrl}/small`, agent);
    const alone = await get(link.proxyUrl, `${originUrl}/big`, agent);
    // 200,000 bytes at 1,000 bytes/ms, after the round trip.
    expect(alone.body.length).toBe(BIG);
    expect(alone.ms).toBeGreaterThanOrEqual(SHAPE.rttMs + BIG / 1000 - 2);

    const two = await Promise.all([
      get(link.proxyUrl, `${originUrl}/big`, new http.Agent()),
      get(link.proxyUrl, `${originUrl}/big`, new http.Agent()),
    ]);
    // Both bodies through the one link: the later one finishes after both passed.
    expect(Math.max(...two.map((answer) => answer.ms))).toBeGreaterThanOrEqual(
      SHAPE.rttMs + (2 * BIG) / 1000 - 2,
    );
    expect(two.every((answer) => answer.body.equals(Buffer.alloc(BIG, 7)))).toBe(true);
  });

  it('answers what its serve hook answers, shaped the same, without the origin', async () => {
    const answer = await get(link.proxyUrl, `${originUrl}/local`, agent);

    expect(answer).toMatchObject({ status: 200, body: Buffer.from('here') });
    expect(answer.ms).toBeGreaterThanOrEqual(3 * SHAPE.rttMs - 2);
    expect(originRequests).toEqual([]);
  });

  it('answers 502 when the origin refuses, and keeps serving', async () => {
    const closed = net.createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));

    const refused = await get(link.proxyUrl, `http://127.0.0.1:${port}/x`, agent);
    const after = await get(link.proxyUrl, `${originUrl}/small`, agent);

    expect(refused.status).toBe(502);
    expect(after).toMatchObject({ status: 200, body: Buffer.from('small') });
  });

  it('tunnels a CONNECT byte for byte, the handshakes to open and a round trip per exchange', async () => {
    const echo = net.createServer((socket) => socket.pipe(socket));
    echo.listen(0, '127.0.0.1');
    await once(echo, 'listening');
    const echoPort = (echo.address() as AddressInfo).port;
    const proxy = new URL(link.proxyUrl);
    const socket = net.connect(Number(proxy.port), proxy.hostname);
    try {
      await once(socket, 'connect');
      const started = performance.now();
      socket.write(`CONNECT 127.0.0.1:${echoPort} HTTP/1.1\r\nHost: 127.0.0.1:${echoPort}\r\n\r\n`);
      const [reply] = (await once(socket, 'data')) as [Buffer];
      const openedMs = performance.now() - started;
      socket.write('ping');
      const [echoed] = (await once(socket, 'data')) as [Buffer];
      const exchangeMs = performance.now() - started - openedMs;

      expect(reply.toString()).toMatch(/^HTTP\/1\.1 200 /);
      expect(openedMs).toBeGreaterThanOrEqual(2 * SHAPE.rttMs - 2);
      expect(echoed.toString()).toBe('ping');
      expect(exchangeMs).toBeGreaterThanOrEqual(SHAPE.rttMs - 2);
    } finally {
      socket.destroy();
      await new Promise((resolve) => echo.close(resolve));
    }
  });

  it('refuses a shape without bandwidth', async () => {
    await expect(ShapedLink.start({ rttMs: 40, downKbps: 0, upKbps: 5_000 })).rejects.toThrow(
      'downKbps must be a finite number above 0',
    );
  });
});
