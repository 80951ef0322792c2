import { describe, expect, it } from '@jest/globals';
import { type Alert } from '@pairwatch/domain';
import { candle } from '../test-support/ScriptedMarketData';
import { setUpAlertsApp } from '../test-support/setUpAlertsApp';

// Issue #23, found while testing: an alert that opens its market stream is first judged in the
// replay of its own creation candle. At f2287fa the replay observed that candle at its OPEN time
// (AlertEngine.replay: `candle.time * 1000`), before the alert was created: the firing was
// back-dated, and a OncePerMinute alert on a longer interval fired (and pushed) again seconds
// later, its first firing counting for a minute long past. Fixed since (a replayed candle is
// observed no earlier than now, or its close); these tests keep it fixed: a firing is never dated
// before its alert was created, and a OncePerMinute alert fires once in its first minute.

/** Open time of the 1-minute candle forming at NOW (a whole minute). */
const T = 1_700_000_040;
const NOW = (T + 30) * 1000;
/** Open time of the 5-minute candle forming at NOW. */
const T5 = T - (T % 300);

const alerts = setUpAlertsApp({
  now: NOW,
  history(market) {
    market.setHistory('BTCUSDT', 'OneMinute', [candle(T, 60_000, 60_200, 59_900, 60_000)]);
    market.setHistory('BTCUSDT', 'FiveMinutes', [candle(T5, 59_800, 60_200, 59_700, 60_000)]);
  },
});
const { build, subscribe, createAlert, listAlerts } = alerts;

const price = { symbol: 'BTCUSDT', type: 'Price' } as const;

describe('the first firing of an alert that opens its stream', () => {
  it('never records a firing before the alert was created', async () => {
    await build();
    const { subscriptionId, endpoint } = await subscribe();
    const alert = (
      await createAlert({
        ...price,
        condition: 'GreaterThan',
        frequency: 'OncePerBar',
        valueTarget: 59_000,
        subscriptionId,
      })
    ).json<Alert>();

    await alerts.push.waitForPushes(1, { endpoint });
    const [listed] = await listAlerts(subscriptionId);

    expect(alert.createdAt).toBe('2023-11-14T22:14:30.000Z');
    // At f2287fa: lastTriggeredAt and firings[0].at are 2023-11-14T22:14:00.000Z, the open of the
    // 1-minute candle the alert was created in, 30 s before the alert existed.
    expect(Date.parse(listed!.lastTriggeredAt!)).toBeGreaterThanOrEqual(
      Date.parse(alert.createdAt),
    );
    expect(Date.parse(listed!.firings![0]!.at)).toBeGreaterThanOrEqual(Date.parse(alert.createdAt));
  });

  it('fires a OncePerMinute alert on a 5-minute interval once in its first minute', async () => {
    await build();
    const { subscriptionId, endpoint } = await subscribe();
    await createAlert({
      ...price,
      interval: 'FiveMinutes',
      condition: 'GreaterThan',
      frequency: 'OncePerMinute',
      valueTarget: 59_000,
      subscriptionId,
    });
    await alerts.push.waitForPushes(1, { endpoint });

    // 10 s later, in the same wall-clock minute (22:14) and the same 5-minute bar.
    alerts.clock = NOW + 10_000;
    alerts.market.emit('BTCUSDT', 'FiveMinutes', candle(T5, 59_800, 60_200, 59_700, 60_050));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const [listed] = await listAlerts(subscriptionId);

    // At f2287fa: 2 pushes within 10 s, and firings at 22:10:00 (back-dated to the 5-minute bar's
    // open, so "another minute") and 22:14:40.
    expect(alerts.push.receivedFor(endpoint)).toHaveLength(1);
    expect(listed!.triggerCount).toBe(1);
  });
});
