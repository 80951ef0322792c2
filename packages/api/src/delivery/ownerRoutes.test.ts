import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type Alert } from '@pairwatch/domain';
import {
  TelegramBotApiStandIn,
  verifyPairwatchSignature,
  WebhookReceiver,
} from '@pairwatch/test-support';
import { candle } from '../test-support/ScriptedMarketData';
import { setUpAlertsApp } from '../test-support/setUpAlertsApp';

// Issue #24: owners, channels (webhook, Telegram, push), an alert that goes to the channels
// chosen, and its delivery log — through the HTTP contract of docs/architecture.md §3 and §9,
// against a webhook receiver and a Telegram Bot API stand-in on loopback.

const T = 1_700_000_040;
const NOW = (T + 30) * 1000;
const TOKEN = '123456:AAbbCCddEEffGGhhIIjjKKllMM';

const alerts = setUpAlertsApp({
  now: NOW,
  history(market) {
    market.setHistory('BTCUSDT', 'OneMinute', [candle(T, 60_000, 60_200, 59_900, 60_000)]);
  },
});
const { build, subscribe, createAlert } = alerts;

let receiver: WebhookReceiver;
let telegram: TelegramBotApiStandIn;
beforeAll(async () => {
  receiver = await WebhookReceiver.start();
  telegram = await TelegramBotApiStandIn.start({ token: TOKEN, botUsername: 'PairwatchTestBot' });
});
afterAll(async () => {
  await receiver.close();
  await telegram.close();
});

async function newOwner(): Promise<string> {
  const response = await alerts.app.inject({ method: 'POST', url: '/owners' });
  expect(response.statusCode).toBe(201);
  return response.json<{ ownerId: string }>().ownerId;
}

async function addChannel(body: Record<string, unknown>) {
  return alerts.app.inject({ method: 'POST', url: '/channels', payload: body });
}

async function addWebhook(ownerId: string, extra: Record<string, unknown> = {}) {
  const response = await addChannel({ ownerId, kind: 'webhook', url: receiver.url(), ...extra });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string; kind: string; url: string; secret: string }>();
}

/** The price crosses 61,000 on the forming bar. */
function crossUp(): void {
  alerts.market.emit('BTCUSDT', 'OneMinute', candle(T, 60_000, 61_500, 59_900, 61_400));
}

describe('owners and channels', () => {
  it('makes an owner with an unguessable id, distinct each time', async () => {
    await build();
    const ids = [await newOwner(), await newOwner()];
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/); // 128 bits
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('adds a webhook, shows its secret once, lists it without, and deletes it for its owner only', async () => {
    await build();
    const ownerId = await newOwner();
    const intruder = await newOwner();
    const hook = await addWebhook(ownerId, { template: '{"t":"{{ticker}}"}' });

    expect(hook).toMatchObject({ kind: 'webhook', url: receiver.url() });
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9_-]{40,}$/);
    const listed = await alerts.app.inject({ url: `/channels?ownerId=${ownerId}` });
    expect(listed.json()).toEqual([
      {
        id: hook.id,
        kind: 'webhook',
        url: receiver.url(),
        template: '{"t":"{{ticker}}"}',
        createdAt: new Date(NOW).toISOString(),
      },
    ]);
    expect(listed.body).not.toContain(hook.secret);

    const stolen = await alerts.app.inject({
      method: 'DELETE',
      url: `/channels/${hook.id}?ownerId=${intruder}`,
    });
    expect(stolen.statusCode).toBe(404);
    const deleted = await alerts.app.inject({
      method: 'DELETE',
      url: `/channels/${hook.id}?ownerId=${ownerId}`,
    });
    expect(deleted.statusCode).toBe(204);
    expect((await alerts.app.inject({ url: `/channels?ownerId=${ownerId}` })).json()).toEqual([]);
  });

  it.each<[string, Record<string, unknown>, string, RegExp]>([
    [
      'an unknown kind',
      { kind: 'email' },
      'INVALID_CHANNEL',
      /^kind must be 'webhook' or 'telegram'/,
    ],
    ['an ftp URL', { kind: 'webhook', url: 'ftp://example.org/x' }, 'INVALID_CHANNEL', /http/],
    [
      'the cloud metadata address (refused even with private hosts allowed)',
      { kind: 'webhook', url: 'http://169.254.169.254/latest' },
      'INVALID_CHANNEL',
      /link-local/,
    ],
    [
      'a template over 4,096 characters',
      { kind: 'webhook', url: 'https://example.org/hook', template: 'x'.repeat(4097) },
      'INVALID_CHANNEL',
      /^template must be at most 4096 characters; it has 4097\./,
    ],
    [
      'Telegram without a bot token',
      { kind: 'telegram' },
      'CHANNEL_NOT_OFFERED',
      /TELEGRAM_BOT_TOKEN/,
    ],
  ])('refuses %s with a problem naming it, and stores nothing', async (_, body, code, detail) => {
    await build();
    const ownerId = await newOwner();
    const response = await addChannel({ ownerId, ...body });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json()).toMatchObject({ code, detail: expect.stringMatching(detail) });
    expect((await alerts.app.inject({ url: `/channels?ownerId=${ownerId}` })).json()).toEqual([]);
  });

  it('says which kinds of channel can be added: Telegram only once its bot is known', async () => {
    await build();
    expect((await alerts.app.inject({ url: '/channels/kinds' })).json()).toEqual({
      kinds: ['push', 'webhook'],
    });
  });

  it('refuses a channel of an owner that does not exist', async () => {
    await build();
    const response = await addChannel({
      ownerId: 'AAAAAAAAAAAAAAAAAAAAAA',
      kind: 'webhook',
      url: receiver.url(),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'OWNER_NOT_FOUND' });
  });

  it('adds a browser as a push channel of an owner, and keeps the old subscription-is-owner browsers working', async () => {
    await build();
    const ownerId = await newOwner();
    const subscription = alerts.push.createSubscription();
    const added = await alerts.app.inject({
      method: 'POST',
      url: '/push/subscriptions',
      payload: { ...subscription, ownerId },
    });
    expect(added.statusCode).toBe(201);
    const { subscriptionId } = added.json<{ subscriptionId: string }>();
    expect(added.json()).toEqual({ subscriptionId, ownerId });
    expect((await alerts.app.inject({ url: `/channels?ownerId=${ownerId}` })).json()).toEqual([
      {
        id: subscriptionId,
        kind: 'push',
        service: new URL(subscription.endpoint).host,
        createdAt: expect.any(String),
      },
    ]);

    // An owner the api does not know (e.g. its data was reset): the browser becomes its own owner.
    const orphan = alerts.push.createSubscription();
    const adopted = await alerts.app.inject({
      method: 'POST',
      url: '/push/subscriptions',
      payload: { ...orphan, ownerId: 'AAAAAAAAAAAAAAAAAAAAAA' },
    });
    expect(adopted.statusCode).toBe(201);
    expect(adopted.json()).toEqual({
      subscriptionId: adopted.json<{ subscriptionId: string }>().subscriptionId,
      ownerId: adopted.json<{ subscriptionId: string }>().subscriptionId,
    });

    const legacy = await subscribe();
    expect(
      (
        await alerts.app.inject({ url: `/channels?subscriptionId=${legacy.subscriptionId}` })
      ).json(),
    ).toEqual([expect.objectContaining({ id: legacy.subscriptionId, kind: 'push' })]);
  });
});

describe('alerts that go to channels', () => {
  it('refuses an alert for an owner with nowhere to send it', async () => {
    await build();
    const ownerId = await newOwner();
    const response = await createAlert({
      ownerId,
      symbol: 'BTCUSDT',
      type: 'Price',
      valueTarget: 61_000,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      detail: expect.stringMatching(/^channels: there is nowhere/),
    });
  });

  it('refuses channels that are not the owner’s', async () => {
    await build();
    const ownerId = await newOwner();
    await addWebhook(ownerId);
    const other = await addWebhook(await newOwner());
    const response = await createAlert({
      ownerId,
      symbol: 'BTCUSDT',
      type: 'Price',
      valueTarget: 61_000,
      channels: [other.id],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ detail: expect.stringMatching(/^channels: /) });
  });

  it('delivers a firing to a webhook-only owner, signed, and logs it Delivered', async () => {
    await build();
    const ownerId = await newOwner();
    const hook = await addWebhook(ownerId);
    const created = await createAlert({
      ownerId,
      symbol: 'BTCUSDT',
      type: 'Price',
      valueTarget: 61_000,
      message: 'say "buy"',
      channels: [hook.id],
    });
    expect(created.statusCode).toBe(201);
    const alert = created.json<Alert & { channels: string[] }>();
    expect(alert.channels).toEqual([hook.id]);
    const before = receiver.received.length;

    crossUp();
    const [request] = (await receiver.waitFor((all) => all.length > before)).slice(before);

    expect(request!.contentType).toBe('application/json');
    expect(
      verifyPairwatchSignature(hook.secret, request!.signature ?? '', request!.body, {
        now: alerts.clock, // the api's clock signs
      }),
    ).toBe(true);
    expect(JSON.parse(request!.body)).toMatchObject({
      ticker: 'BTCUSDT',
      exchange: 'BINANCE',
      interval: '1',
      high: 61_500,
      close: 61_400,
      message: 'say "buy"',
      alert_id: alert.id,
      simulated: true, // the scripted market says it is the simulator
    });
    let log: unknown[] = [];
    for (let i = 0; i < 100; i += 1) {
      log = (
        await alerts.app.inject({ url: `/alerts/${alert.id}/deliveries?ownerId=${ownerId}` })
      ).json();
      if ((log[0] as { status?: string } | undefined)?.status === 'Delivered') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(log).toEqual([
      {
        id: request!.deliveryId,
        channelId: hook.id,
        kind: 'webhook',
        status: 'Delivered',
        attempts: 1,
        createdAt: expect.any(String),
        lastStatusCode: 200,
        deliveredAt: expect.any(String),
      },
    ]);
    const intruder = await newOwner();
    const hidden = await alerts.app.inject({
      url: `/alerts/${alert.id}/deliveries?ownerId=${intruder}`,
    });
    expect(hidden.statusCode).toBe(404);
  });

  it('sends a test message through a channel and says how it went', async () => {
    await build();
    const ownerId = await newOwner();
    const hook = await addWebhook(ownerId);
    const before = receiver.received.length;
    const response = await alerts.app.inject({
      method: 'POST',
      url: `/channels/${hook.id}/test?ownerId=${ownerId}`,
    });
    expect(response.json()).toEqual({ channelId: hook.id, status: 'Delivered', statusCode: 200 });
    const test = receiver.received.slice(before);
    expect(test).toHaveLength(1);
    expect(JSON.parse(test[0]!.body)).toMatchObject({
      alert_id: 'test',
      message: expect.stringMatching(/^Test message/),
    });
  });

  it('links a Telegram chat by its /start code and sends it the alerts', async () => {
    await build({
      config: { telegramBotToken: TOKEN, telegramApiUrl: telegram.apiUrl },
      telegramPollTimeoutSeconds: 1,
    });
    const ownerId = await newOwner();
    let offered = await addChannel({ ownerId, kind: 'telegram' });
    for (let i = 0; i < 50 && offered.statusCode === 400; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20)); // the bot introduces itself first
      offered = await addChannel({ ownerId, kind: 'telegram' });
    }
    expect(offered.statusCode).toBe(201);
    const channel = offered.json<{ id: string; linkUrl: string; linked: boolean }>();
    expect(channel.linked).toBe(false);
    const code = /^https:\/\/t\.me\/PairwatchTestBot\?start=([A-Za-z0-9_-]+)$/.exec(
      channel.linkUrl,
    )?.[1];
    expect(code).toBeDefined();

    expect((await alerts.app.inject({ url: '/channels/kinds' })).json()).toEqual({
      kinds: ['push', 'webhook', 'telegram'],
    });
    telegram.sendStart(4242, code!);
    await telegram.waitForMessages((sent) => sent.some((m) => m.chatId === 4242));
    const listed = (await alerts.app.inject({ url: `/channels?ownerId=${ownerId}` })).json();
    expect(listed).toEqual([
      expect.objectContaining({ id: channel.id, kind: 'telegram', linked: true }),
    ]);

    await createAlert({ ownerId, symbol: 'BTCUSDT', type: 'Price', valueTarget: 61_000 });
    crossUp();
    const sent = await telegram.waitForMessages(
      (all) => all.filter((m) => m.chatId === 4242).length >= 2,
    );
    expect(sent.filter((m) => m.chatId === 4242).at(-1)!.text).toMatch(
      /^BTCUSDT price alert\nBTCUSDT price rose to 61,\d{3}\.\d\d/,
    );
  });
});
