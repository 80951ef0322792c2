import { describe, expect, it } from '@jest/globals';
import { type Alert } from '@pairwatch/domain';
import { candle } from '../test-support/ScriptedMarketData';
import { setUpAlertsApp } from '../test-support/setUpAlertsApp';

// Issue #23: POST /alerts with a condition, a frequency, an interval, channel bounds, a percent
// move's bars, an expiry and a message.

/** Open time of the 1-minute candle forming at NOW (a whole minute). */
const T = 1_700_000_040;
const NOW = (T + 30) * 1000;
/** Open time of the 5-minute candle forming at NOW. */
const T5 = T - (T % 300);
const IN_A_DAY = new Date(NOW + 86_400_000).toISOString();

const alerts = setUpAlertsApp({
  now: NOW,
  history(market) {
    market.setHistory('BTCUSDT', 'OneMinute', [candle(T, 60_000, 60_200, 59_900, 60_000)]);
    market.setHistory('BTCUSDT', 'FiveMinutes', [candle(T5, 59_800, 60_200, 59_700, 60_000)]);
    const hours = Array.from({ length: 30 }, (_, i) =>
      candle(T - (30 - i) * 3600, 100, 101, 99, i % 2 === 0 ? 100 : 101),
    );
    market.setHistory('BTCUSDT', 'OneHour', hours);
  },
});
const { build, subscribe, createAlert, listAlerts } = alerts;

const price = { symbol: 'BTCUSDT', type: 'Price' } as const;
const channel = { ...price, condition: 'EnteringChannel' } as const;
const moveUp = { ...price, condition: 'MovingUpPercent' } as const;
/** A repeating alert that holds from creation on (the price is 60,000). */
const aboveEachBar = {
  ...price,
  condition: 'GreaterThan',
  frequency: 'OncePerBar',
  valueTarget: 59_000,
} as const;

describe('POST /alerts with conditions: malformed combinations', () => {
  it.each<[string, Record<string, unknown>, string, string, string]>([
    [
      'a channel without valueUpper',
      { ...channel, valueTarget: 61_000 },
      'INVALID_ALERT',
      'valueUpper',
      "Upper bound can't be empty",
    ],
    [
      'a channel whose bounds are in the wrong order',
      { ...channel, valueTarget: 62_000, valueUpper: 61_000 },
      'INVALID_ALERT',
      'valueUpper',
      'Upper bound must be greater than the lower bound',
    ],
    [
      'a channel whose bounds are equal',
      { ...price, condition: 'InsideChannel', valueTarget: 61_000, valueUpper: 61_000 },
      'INVALID_ALERT',
      'valueUpper',
      'Upper bound must be greater than the lower bound',
    ],
    [
      'a percent move without bars',
      { ...moveUp, valueTarget: 5 },
      'INVALID_ALERT',
      'bars',
      "Bars can't be empty",
    ],
    [
      'a percent move over 0 bars',
      { ...moveUp, valueTarget: 5, bars: 0 },
      'INVALID_ALERT',
      'bars',
      'Bars must be a whole number from 1 to 500',
    ],
    [
      'a percent move over 501 bars',
      { ...moveUp, valueTarget: 5, bars: 501 },
      'INVALID_ALERT',
      'bars',
      'Bars must be a whole number from 1 to 500',
    ],
    [
      'a percent move over 2.5 bars',
      { ...moveUp, valueTarget: 5, bars: 2.5 },
      'INVALID_ALERT',
      'bars',
      'Bars must be a whole number from 1 to 500',
    ],
    [
      'bars as a string',
      { ...moveUp, valueTarget: 5, bars: '5' },
      'INVALID_ALERT',
      'bars',
      'JSON number',
    ],
    [
      'a move of 0 percent',
      { ...moveUp, valueTarget: 0, bars: 5 },
      'INVALID_ALERT',
      'valueTarget',
      'Value must be a positive number',
    ],
    [
      'a move of 1001 percent',
      { ...moveUp, valueTarget: 1001, bars: 5 },
      'INVALID_ALERT',
      'valueTarget',
      'Percent must be greater than 0 and at most 1000',
    ],
    [
      'MovingUpPercent on an RSI alert',
      {
        symbol: 'BTCUSDT',
        type: 'Rsi',
        rsiInterval: 'OneHour',
        condition: 'MovingUpPercent',
        valueTarget: 5,
        bars: 10,
      },
      'INVALID_ALERT',
      'condition',
      'Moving % alerts are for price only',
    ],
    [
      'an unknown condition',
      { ...price, condition: 'Sideways', valueTarget: 61_000 },
      'INVALID_ALERT',
      'condition',
      'unknown condition',
    ],
    [
      'an unknown frequency',
      { ...price, frequency: 'Hourly', valueTarget: 61_000 },
      'INVALID_ALERT',
      'frequency',
      'unknown frequency',
    ],
    [
      'an expiry in the past',
      { ...price, valueTarget: 61_000, expiresAt: new Date(NOW - 1000).toISOString() },
      'INVALID_ALERT',
      'expiresAt',
      'Expiry must be in the future',
    ],
    [
      'an expiry at this very moment',
      { ...price, valueTarget: 61_000, expiresAt: new Date(NOW).toISOString() },
      'INVALID_ALERT',
      'expiresAt',
      'Expiry must be in the future',
    ],
    [
      'an expiry that is not a date',
      { ...price, valueTarget: 61_000, expiresAt: 'next tuesday-ish' },
      'INVALID_ALERT',
      'expiresAt',
      'Expiry must be a date and time',
    ],
    [
      'an expiry as a number',
      { ...price, valueTarget: 61_000, expiresAt: NOW + 86_400_000 },
      'INVALID_ALERT',
      'expiresAt',
      'JSON string',
    ],
    [
      'a message of 501 characters',
      { ...price, valueTarget: 61_000, message: 'x'.repeat(501) },
      'INVALID_ALERT',
      'message',
      "Message can't be longer than 500 characters",
    ],
    [
      'valueUpper as a string',
      { ...channel, valueTarget: 61_000, valueUpper: '62000' },
      'INVALID_ALERT',
      'valueUpper',
      'JSON number',
    ],
    [
      'an unknown interval',
      { ...price, valueTarget: 61_000, interval: 'TwoMinutes' },
      'INVALID_INTERVAL',
      'interval',
      'TwoMinutes',
    ],
  ])(
    'refuses %s with 400 problem+json naming the field, and creates nothing',
    async (_, body, code, field, words) => {
      await build();
      const { subscriptionId } = await subscribe();

      const response = await createAlert({ ...body, subscriptionId });

      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toContain('application/problem+json');
      const problem = response.json<{ code: string; detail: string }>();
      expect(problem.code).toBe(code);
      expect(problem.detail).toMatch(new RegExp(`^${field}\\b`));
      expect(problem.detail).toContain(words);
      expect(await listAlerts(subscriptionId)).toEqual([]);
      expect(await alerts.store.listActiveAlerts()).toEqual([]);
    },
  );
});

describe('POST /alerts with conditions: valid alerts', () => {
  it.each<[string, Record<string, unknown>, Record<string, unknown>]>([
    [
      'creates an EnteringChannel OncePerBar alert with a message and an expiry, and echoes every field',
      {
        ...channel,
        frequency: 'OncePerBar',
        interval: 'FiveMinutes',
        valueTarget: 61_000,
        valueUpper: 62_000,
        expiresAt: IN_A_DAY,
        message: 'Back in the range: take profit',
      },
      {
        interval: 'FiveMinutes',
        condition: 'EnteringChannel',
        frequency: 'OncePerBar',
        valueTarget: 61_000,
        valueUpper: 62_000,
        expiresAt: IN_A_DAY,
        message: 'Back in the range: take profit',
      },
    ],
    [
      'creates a MovingUpPercent alert with its bars, and echoes them',
      { ...moveUp, valueTarget: 2.5, bars: 20 },
      {
        interval: 'OneMinute',
        condition: 'MovingUpPercent',
        frequency: 'OnlyOnce',
        valueTarget: 2.5,
        bars: 20,
      },
    ],
  ])('%s', async (_, body, echoed) => {
    await build();
    const { subscriptionId } = await subscribe();

    const response = await createAlert({ ...body, subscriptionId });
    const listed = await listAlerts(subscriptionId);

    expect(response.statusCode).toBe(201);
    const alert = response.json<Alert>();
    expect(alert).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      symbol: 'BTCUSDT',
      type: 'Price',
      valueOnCreation: 60_000,
      status: 'Active',
      createdAt: new Date(NOW).toISOString(),
      triggerCount: 0,
      ...echoed,
    });
    expect(listed).toEqual([alert]);
  });

  it.each<[string, Record<string, unknown>]>([
    ['1 bar', { ...moveUp, valueTarget: 5, bars: 1 }],
    ['500 bars', { ...moveUp, valueTarget: 5, bars: 500 }],
    ['a move of 1000 percent', { ...moveUp, valueTarget: 1000, bars: 5 }],
    ['a message of 500 characters', { ...price, valueTarget: 61_000, message: 'x'.repeat(500) }],
  ])('accepts the limit: %s', async (_, body) => {
    await build();
    const { subscriptionId } = await subscribe();

    const response = await createAlert({ ...body, subscriptionId });

    expect(response.statusCode).toBe(201);
    expect(await listAlerts(subscriptionId)).toHaveLength(1);
  });
});

/** Delivers a 1-minute update of BTCUSDT, `seconds` into the bar opening at `barTime`. */
function update(barTime: number, seconds: number, high: number, low: number, close: number): void {
  alerts.clock = (barTime + seconds) * 1000;
  alerts.market.emit('BTCUSDT', 'OneMinute', candle(barTime, 60_000, high, low, close));
}

/**
 * Waits until the outbox is empty: every queued message delivered. The senders lease a message for
 * a minute of the api's clock, so the clock must not jump a bar ahead while one is on its way.
 */
async function drained(): Promise<void> {
  for (let tries = 0; (await alerts.store.countPendingDeliveries()) > 0; tries += 1) {
    if (tries > 200) throw new Error('the outbox was not drained');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function settle(): Promise<void> {
  // Room for a wrongly queued further message to arrive.
  await new Promise((resolve) => setTimeout(resolve, 300));
}

describe('POST /alerts with conditions: a repeating alert', () => {
  it('fires a GreaterThan OncePerBar alert at the first update, stays Active, and fires once per bar', async () => {
    await build();
    // Another browser's repeating alert already watches BTCUSDT's 1-minute stream: it fires in the
    // stream's first evaluation, after which the stream is live (and stays open for it).
    const other = await subscribe();
    await createAlert({ ...aboveEachBar, subscriptionId: other.subscriptionId });
    await alerts.push.waitForPushes(1, { endpoint: other.endpoint });
    await drained();
    const { subscriptionId, endpoint } = await subscribe();
    const created = await createAlert({ ...aboveEachBar, subscriptionId });
    const alert = created.json<Alert>();
    expect(created.statusCode).toBe(201);
    expect(alert).toMatchObject({ status: 'Active', triggerCount: 0, valueOnCreation: 60_000 });

    // Bar 1: the price is above the level at the first update, so the alert fires there.
    update(T + 60, 5, 60_100, 59_950, 60_050);
    await alerts.push.waitForPushes(1, { endpoint });
    const afterFirst = await listAlerts(subscriptionId);

    expect(afterFirst).toEqual([
      {
        ...alert,
        status: 'Active',
        triggerCount: 1,
        lastTriggeredAt: new Date((T + 65) * 1000).toISOString(),
        triggeredAt: new Date((T + 65) * 1000).toISOString(),
        triggeredValue: expect.any(Number),
        firings: [{ at: new Date((T + 65) * 1000).toISOString(), value: expect.any(Number) }],
      },
    ]);

    // Still bar 1: the level still holds, but the alert fired in this bar already.
    update(T + 60, 20, 60_300, 59_950, 60_250);
    await drained();
    // Bar 2: it fires again.
    update(T + 120, 5, 60_400, 60_200, 60_350);
    await alerts.push.waitForPushes(2, { endpoint });
    await drained();
    await settle();
    const [afterSecond] = await listAlerts(subscriptionId);

    expect(alerts.push.receivedFor(endpoint).map((message) => message.topic)).toEqual([
      alert.id,
      alert.id,
    ]);
    expect(afterSecond).toMatchObject({
      status: 'Active',
      triggerCount: 2,
      lastTriggeredAt: new Date((T + 125) * 1000).toISOString(),
    });
    expect(afterSecond!.firings?.map((firing) => firing.at)).toEqual([
      new Date((T + 65) * 1000).toISOString(),
      new Date((T + 125) * 1000).toISOString(),
    ]);
    expect(await alerts.store.countPendingDeliveries()).toBe(0);
  });

  it('fires a GreaterThan OncePerBar alert that opens its stream once per bar', async () => {
    await build();
    const { subscriptionId, endpoint } = await subscribe();
    const alert = (await createAlert({ ...aboveEachBar, subscriptionId })).json<Alert>();

    // It holds at creation, so it fires at the stream's first evaluation (the creation bar).
    await alerts.push.waitForPushes(1, { endpoint });
    update(T, 40, 60_250, 59_900, 60_200);
    update(T, 50, 60_300, 59_900, 60_280);
    await drained();
    update(T + 60, 5, 60_350, 60_250, 60_300);
    await alerts.push.waitForPushes(2, { endpoint });
    await drained();
    update(T + 60, 30, 60_400, 60_250, 60_380);
    await settle();
    const [listed] = await listAlerts(subscriptionId);

    expect(alerts.push.receivedFor(endpoint)).toHaveLength(2);
    expect(listed).toMatchObject({ id: alert.id, status: 'Active', triggerCount: 2 });
    expect(listed!.firings).toHaveLength(2);
    expect(listed!.lastTriggeredAt).toBe(new Date((T + 65) * 1000).toISOString());
  });
});
