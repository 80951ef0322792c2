import { describe, expect, it } from '@jest/globals';
import { candle } from '../test-support/ScriptedMarketData';
import { setUpAlertsApp } from '../test-support/setUpAlertsApp';

// Issue #27 item 6, end to end: 400 alerts of one browser whose push endpoint accepts the
// connection and never answers, all firing at once, must not hold another browser's push. The
// sender gives one destination at most a few of its slots, and the rest wait in the outbox.

const T = 1_700_000_040;
const NOW = (T + 30) * 1000;
const DEAD_ALERTS = 400;

const alerts = setUpAlertsApp({
  now: NOW,
  history(market) {
    market.setHistory('BTCUSDT', 'OneMinute', [candle(T, 60_000, 60_200, 59_900, 60_000)]);
  },
});

describe('a push endpoint that never answers', () => {
  it("holds a few send slots, never another browser's push", async () => {
    await alerts.build({
      config: { maxActiveAlerts: DEAD_ALERTS },
      rateLimit: { capacity: 1_000, refillPerSecond: 1_000 },
    });
    const dead = await alerts.subscribe();
    const alive = await alerts.subscribe();
    alerts.push.hang(dead.endpoint);
    for (let i = 0; i < DEAD_ALERTS; i += 1) {
      const created = await alerts.createAlert({
        symbol: 'BTCUSDT',
        type: 'Price',
        valueTarget: 60_300 + i / 100,
        subscriptionId: dead.subscriptionId,
      });
      expect(created.statusCode).toBe(201);
    }
    await alerts.createAlert({
      symbol: 'BTCUSDT',
      type: 'Price',
      valueTarget: 60_250,
      subscriptionId: alive.subscriptionId,
    });

    // One move crosses all 401: 400 pushes for the dead endpoint, one for the live one.
    const movedAt = Date.now();
    alerts.market.emit('BTCUSDT', 'OneMinute', candle(T + 60, 60_000, 60_400, 59_950, 60_390));
    const [message] = await alerts.push.waitForPushes(1, {
      endpoint: alive.endpoint,
      timeoutMs: 5_000,
    });
    const tookMs = Date.now() - movedAt;

    expect(JSON.parse(message!.payload)).toMatchObject({ title: 'BTCUSDT price alert' });
    // Well under the transport's 10 s timeout of a dead endpoint's request.
    expect(tookMs).toBeLessThan(3_000);
    // The dead endpoint was tried, with a few requests at a time, not 64.
    expect(alerts.push.hungRequests).toBeGreaterThan(0);
    expect(alerts.push.hungRequests).toBeLessThanOrEqual(4);
  }, 30_000);
});
