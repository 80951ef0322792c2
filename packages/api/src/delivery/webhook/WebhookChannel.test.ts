import { type LookupAddress } from 'node:dns';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { type UnixMillis } from '@pairwatch/domain';
import { verifyPairwatchSignature, WebhookReceiver } from '@pairwatch/test-support';
import { alertRecord } from '../../test-support/alertRecord';
import {
  type AlertFiringEvent,
  type DeliveryAttempt,
  type WebhookChannelRecord,
} from '../DeliveryChannel';
import { WebhookChannel, type WebhookChannelOptions } from './WebhookChannel';

const NOW = 1_700_000_000_000;
const SECRET = 'whsec_test-secret';

function channelRecord(
  url: string,
  overrides: Partial<WebhookChannelRecord> = {},
): WebhookChannelRecord {
  return {
    kind: 'webhook',
    id: 'channel-1',
    ownerId: 'owner-1',
    createdAt: 0 as UnixMillis,
    url,
    template: undefined,
    secret: SECRET,
    disabledAt: undefined,
    ...overrides,
  };
}

function attempt(payload: string, overrides: Partial<DeliveryAttempt> = {}): DeliveryAttempt {
  return {
    id: 'delivery-1',
    alertId: 'alert-1',
    topic: 'alert-1',
    payload,
    attempts: 0,
    createdAt: NOW as UnixMillis,
    ...overrides,
  };
}

/** A resolver that answers from a table (a DNS server an attacker may control). */
function fakeDns(table: Record<string, string>): NonNullable<WebhookChannelOptions['resolve']> {
  return (hostname, _options, callback) => {
    const address = table[hostname];
    if (address === undefined) {
      callback(
        Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }),
        [],
      );
      return;
    }
    const found: LookupAddress = { address, family: address.includes(':') ? 6 : 4 };
    callback(null, [found]);
  };
}

describe('WebhookChannel', () => {
  let receiver: WebhookReceiver;
  let now: number;
  const clock = () => now;

  beforeEach(async () => {
    receiver = await WebhookReceiver.start();
    now = NOW;
  });

  afterEach(async () => {
    await receiver.close();
  });

  describe('render and destination', () => {
    it('renders the channel template, keyed by the alert id', () => {
      const event: AlertFiringEvent = {
        alert: alertRecord('alert-9', 'owner-1'),
        firedAt: NOW as UnixMillis,
        value: 70_000,
        bar: undefined,
        simulated: true,
        text: { title: 'BTCUSDT price alert', body: 'BTCUSDT price rose to 70,000.00' },
      };
      const channel = new WebhookChannel();

      expect(
        channel.render(
          event,
          channelRecord('https://x.example', { template: '{{ticker}} {{close}}' }),
        ),
      ).toEqual({ topic: 'alert-9', payload: 'BTCUSDT 70000' });
      expect(
        JSON.parse(channel.render(event, channelRecord('https://x.example')).payload),
      ).toMatchObject({ ticker: 'BTCUSDT', simulated: true });
    });

    it('counts one destination per URL origin', () => {
      const channel = new WebhookChannel();

      expect(channel.destination(channelRecord('https://Hooks.Example.com:443/a/b?c'))).toBe(
        'https://hooks.example.com',
      );
      expect(channel.destination(channelRecord('http://hooks.example.com:8080/x'))).toBe(
        'http://hooks.example.com:8080',
      );
    });

    it('retries within seconds at first, for up to a day', () => {
      expect(new WebhookChannel().retry).toEqual({
        baseMs: 2_000,
        maxMs: 3_600_000,
        giveUpAfterMs: 86_400_000,
      });
    });
  });

  describe('send', () => {
    const local = () => new WebhookChannel({ allowPrivate: true, now: clock, timeoutMs: 300 });

    it('POSTs the body with its type, user agent, delivery id and a signature the receiver can check', async () => {
      const body = '{"ticker":"BTCUSDT","close":70000}';

      expect(await local().send(attempt(body), channelRecord(receiver.url()))).toEqual({
        kind: 'delivered',
        status: 200,
      });

      const [hook] = receiver.received;
      expect(hook).toMatchObject({
        method: 'POST',
        path: '/hook',
        body,
        contentType: 'application/json',
        deliveryId: 'delivery-1',
      });
      expect(hook?.headers['user-agent']).toBe('Pairwatch-Webhook/1');
      expect(hook?.signature).toMatch(/^t=1700000000,v1=[0-9a-f]{64}$/);
      expect(verifyPairwatchSignature(SECRET, hook?.signature ?? '', body, { now: NOW })).toBe(
        true,
      );
    });

    it('sends a text body as UTF-8 text', async () => {
      await local().send(attempt('BTCUSDT crossed 70,000 ✓'), channelRecord(receiver.url()));

      expect(receiver.received[0]).toMatchObject({
        contentType: 'text/plain; charset=utf-8',
        body: 'BTCUSDT crossed 70,000 ✓',
      });
    });

    it('keeps the delivery id on a retry and signs it afresh at the time of the attempt', async () => {
      const channel = local();
      receiver.respondWith(({ deliveryId }) => ({ status: deliveryId ? 503 : 400 }));
      await channel.send(attempt('x'), channelRecord(receiver.url()));
      now = NOW + 60_000;
      await channel.send(attempt('x', { attempts: 1 }), channelRecord(receiver.url()));

      const [first, second] = receiver.received;
      expect([first?.deliveryId, second?.deliveryId]).toEqual(['delivery-1', 'delivery-1']);
      expect(second?.signature).toMatch(/^t=1700000060,/);
      expect(verifyPairwatchSignature(SECRET, second?.signature ?? '', 'x', { now })).toBe(true);
    });

    it.each([
      [201, { kind: 'delivered', status: 201 }],
      [204, { kind: 'delivered', status: 204 }],
      [410, { kind: 'gone', status: 410, reason: 'receiver answered 410: nope' }],
      [404, { kind: 'failed', status: 404, reason: 'receiver answered 404: nope' }],
      [400, { kind: 'failed', status: 400, reason: 'receiver answered 400: nope' }],
      [
        500,
        {
          kind: 'retry',
          status: 500,
          retryAfterMs: undefined,
          reason: 'receiver answered 500: nope',
        },
      ],
    ])('sorts an answer %s', async (status, outcome) => {
      receiver.respondWith(() => ({ status, body: 'nope' }));

      expect(await local().send(attempt('x'), channelRecord(receiver.url()))).toEqual(outcome);
    });

    it('honours Retry-After in seconds or as an HTTP date on 429 and 503', async () => {
      receiver.respondWith(({ body }) =>
        body === 'seconds'
          ? { status: 429, headers: { 'Retry-After': '120' } }
          : { status: 503, headers: { 'Retry-After': new Date(NOW + 30_000).toUTCString() } },
      );

      expect(await local().send(attempt('seconds'), channelRecord(receiver.url()))).toMatchObject({
        kind: 'retry',
        status: 429,
        retryAfterMs: 120_000,
      });
      expect(await local().send(attempt('date'), channelRecord(receiver.url()))).toMatchObject({
        kind: 'retry',
        status: 503,
        retryAfterMs: 30_000,
      });
    });

    it('does not follow a redirect (it could lead into our network)', async () => {
      receiver.respondWith(() => ({
        status: 302,
        headers: { Location: 'http://169.254.169.254/latest/meta-data' },
      }));

      const outcome = await local().send(attempt('x'), channelRecord(receiver.url()));

      expect(outcome).toEqual({
        kind: 'failed',
        status: 302,
        reason: 'receiver answered 302 (a redirect, not followed: give the final URL)',
      });
      expect(receiver.received).toHaveLength(1);
    });

    it('keeps at most 1 KiB of an answer, printable, in the reason', async () => {
      receiver.respondWith(() => ({ status: 500, body: `\u0000oops\n${'x'.repeat(100_000)}` }));

      const outcome = await local().send(attempt('x'), channelRecord(receiver.url()));

      expect(outcome.kind).toBe('retry');
      expect((outcome as { reason: string }).reason).toMatch(
        /^receiver answered 500: oops x{195}…$/,
      );
    });

    it('retries a receiver that never answers, after the deadline, and one that drops the connection', async () => {
      receiver.respondWith(({ body }) => (body === 'hang' ? 'hang' : 'reset'));
      const started = Date.now();

      const hung = await local().send(attempt('hang'), channelRecord(receiver.url()));
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(hung).toEqual({
        kind: 'retry',
        status: undefined,
        retryAfterMs: undefined,
        reason: 'could not reach the receiver: no answer within 300 ms',
      });
      expect(await local().send(attempt('reset'), channelRecord(receiver.url()))).toMatchObject({
        kind: 'retry',
        status: undefined,
        reason: expect.stringMatching(
          /^could not reach the receiver: (socket hang up|.*ECONNRESET)/,
        ),
      });
    });

    it('uses the status of an answer whose body is slow, within the deadline', async () => {
      receiver.respondWith(() => ({ status: 410, delayMs: 100 }));

      expect(await local().send(attempt('x'), channelRecord(receiver.url()))).toMatchObject({
        kind: 'gone',
        status: 410,
      });
    });

    it('retries when nothing listens', async () => {
      const url = receiver.url();
      await receiver.close();

      expect(await local().send(attempt('x'), channelRecord(url))).toMatchObject({
        kind: 'retry',
        reason: expect.stringContaining('ECONNREFUSED'),
      });
      receiver = await WebhookReceiver.start();
    });

    it('refuses loopback receivers unless private hosts are allowed', async () => {
      const guarded = new WebhookChannel({ now: clock });

      expect(await guarded.send(attempt('x'), channelRecord(receiver.url()))).toEqual({
        kind: 'failed',
        status: undefined,
        reason: expect.stringMatching(/^url's host is a loopback address \(127\.0\.0\.1\)/),
      });
      expect(receiver.received).toEqual([]);
    });

    it('refuses a name that resolves into our network, on the connection itself', async () => {
      const port = new URL(receiver.url()).port;
      const guarded = new WebhookChannel({
        now: clock,
        resolve: fakeDns({ 'rebind.example': '127.0.0.1' }),
      });

      expect(
        await guarded.send(attempt('x'), channelRecord(`http://rebind.example:${port}/hook`)),
      ).toEqual({
        kind: 'failed',
        status: undefined,
        reason: 'refused: rebind.example resolves to a loopback address',
      });
      expect(receiver.received).toEqual([]);
    });

    it('with private hosts allowed, connects to a name on loopback but never to link-local', async () => {
      const port = new URL(receiver.url()).port;
      const channel = new WebhookChannel({
        allowPrivate: true,
        now: clock,
        resolve: fakeDns({ 'receiver.test': '127.0.0.1', 'metadata.test': '169.254.169.254' }),
      });

      expect(
        await channel.send(attempt('x'), channelRecord(`http://receiver.test:${port}/hook`)),
      ).toEqual({ kind: 'delivered', status: 200 });
      expect(
        await channel.send(attempt('x'), channelRecord(`http://metadata.test:${port}/hook`)),
      ).toEqual({
        kind: 'failed',
        status: undefined,
        reason: 'refused: metadata.test resolves to a link-local address',
      });
      expect(
        await channel.send(attempt('x'), channelRecord('http://169.254.169.254/latest')),
      ).toMatchObject({ kind: 'failed', reason: expect.stringContaining('link-local') });
    });

    it('fails a URL that is not http(s)', async () => {
      expect(await local().send(attempt('x'), channelRecord('ftp://example.com/x'))).toEqual({
        kind: 'failed',
        status: undefined,
        reason: 'url must be an http:// or https:// URL',
      });
    });
  });
});
