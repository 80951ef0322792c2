import http from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { WebhookReceiver } from './WebhookReceiver';

/** A POST with node:http, resolving with the status and body, or the error's code. */
function post(
  url: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<
  { status: number; body: string; headers: http.IncomingHttpHeaders } | { error: string }
> {
  return new Promise((resolve) => {
    const request = http.request(url, { method: 'POST', headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          headers: response.headers,
        }),
      );
    });
    request.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ error: error.code ?? 'error' }),
    );
    request.end(body);
  });
}

describe('WebhookReceiver', () => {
  let receiver: WebhookReceiver;

  beforeEach(async () => {
    receiver = await WebhookReceiver.start();
  });

  afterEach(async () => {
    await receiver.close();
  });

  it('listens on loopback and records each request, answering 200 by default', async () => {
    expect(receiver.url()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/hook$/);

    const reply = await post(receiver.url('/x?y=1'), '{"a":1}', {
      'Content-Type': 'application/json',
      'Pairwatch-Delivery': 'd-1',
      'Pairwatch-Signature': 't=1,v1=ab',
    });

    expect(reply).toMatchObject({ status: 200 });
    expect(receiver.received).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/x?y=1',
        deliveryId: 'd-1',
        signature: 't=1,v1=ab',
        contentType: 'application/json',
        body: '{"a":1}',
        status: 200,
      }),
    ]);
  });

  it('answers as the handler decides: status, headers, body, delay', async () => {
    receiver.respondWith(({ body }) =>
      body === 'slow'
        ? { status: 202, delayMs: 100 }
        : { status: 429, headers: { 'Retry-After': '7' }, body: 'later' },
    );

    const started = Date.now();
    expect(await post(receiver.url(), 'slow')).toMatchObject({ status: 202 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
    const limited = await post(receiver.url(), 'fast');
    expect(limited).toMatchObject({ status: 429, body: 'later' });
    expect((limited as { headers: http.IncomingHttpHeaders }).headers['retry-after']).toBe('7');
    expect(receiver.received.map((r) => r.status)).toEqual([202, 429]);
  });

  it('can drop the connection, or never answer (closed with the receiver)', async () => {
    receiver.respondWith(({ body }) => (body === 'reset' ? 'reset' : 'hang'));

    expect(await post(receiver.url(), 'reset')).toEqual({ error: 'ECONNRESET' });
    const hanging = post(receiver.url(), 'hang');
    await receiver.waitFor((all) => all.length === 2);
    await receiver.close();
    expect(await hanging).toEqual({ error: 'ECONNRESET' });
    expect(receiver.received.map((r) => r.status)).toEqual(['reset', 'hang']);
  });

  it('waits for requests, and says what arrived when they do not', async () => {
    const waiting = receiver.waitFor((all) => all.some((r) => r.body === 'two'));
    await post(receiver.url(), 'one');
    await post(receiver.url(), 'two');
    expect((await waiting).map((r) => r.body)).toEqual(['one', 'two']);

    await expect(receiver.waitFor((all) => all.length > 5, 50)).rejects.toThrow(
      /timed out after 50 ms; received: \[POST \/hook → 200, POST \/hook → 200\]/,
    );
  });
});
