import { describe, expect, it } from '@jest/globals';
import { type Alert, type SymbolInfo } from '@pairwatch/domain';
import { fixedSymbolSource } from '../test-support/fixedSymbolSource';
import { candle } from '../test-support/ScriptedMarketData';
import { setUpAlertsApp } from '../test-support/setUpAlertsApp';
import { ETHBTC_INFO as ETHBTC } from '../test-support/ETHBTC_INFO';

const T = 1_700_000_040;
const NOW = (T + 30) * 1000;

/** A pair whose base asset has no bundled logo. */
const ZZZUSDT: SymbolInfo = {
  symbol: 'ZZZUSDT',
  baseAsset: 'ZZZ',
  quoteAsset: 'USDT',
  priceFormat: { precision: 8, minMove: 1e-8 },
  quantityFormat: { precision: 0, minMove: 1 },
};

const alerts = setUpAlertsApp({
  now: NOW,
  history(market) {
    market.setHistory('ETHBTC', 'OneMinute', [candle(T, 0.05, 0.0502, 0.0499, 0.05)]);
    market.setHistory('ZZZUSDT', 'OneMinute', [
      candle(T, 0.0000123, 0.0000124, 0.0000122, 0.0000123),
    ]);
    market.setHistory('BTCUSDT', 'OneMinute', [candle(T, 60_000, 60_200, 59_900, 60_000)]);
  },
});
const { build, subscribe, createAlert } = alerts;

describe('alerts on any pair the market trades', () => {
  it('takes an alert on any listed pair, and refuses an unlisted one', async () => {
    await build({ symbols: fixedSymbolSource([ETHBTC]) });
    const { subscriptionId } = await subscribe();

    const created = await createAlert({
      symbol: 'ETHBTC',
      type: 'Price',
      valueTarget: 0.05123,
      subscriptionId,
    });
    const unlisted = await createAlert({
      symbol: 'SOLUSDT',
      type: 'Price',
      valueTarget: 150,
      subscriptionId,
    });

    expect(created.statusCode).toBe(201);
    expect(created.json<Alert>()).toMatchObject({ symbol: 'ETHBTC', valueTarget: 0.05123 });
    expect(unlisted.statusCode).toBe(400);
    expect(unlisted.json()).toMatchObject({
      code: 'UNKNOWN_SYMBOL',
      detail: expect.stringMatching(
        /^Unknown symbol 'SOLUSDT': the market does not trade it now\./,
      ),
    });
  });

  it("pushes a firing in the pair's precision, with the app's icon", async () => {
    await build({ symbols: fixedSymbolSource([ZZZUSDT]) });
    const { subscriptionId, endpoint } = await subscribe();
    await createAlert({ symbol: 'ZZZUSDT', type: 'Price', valueTarget: 0.0000125, subscriptionId });

    alerts.market.emit(
      'ZZZUSDT',
      'OneMinute',
      candle(T + 60, 0.0000123, 0.0000126, 0.0000122, 0.0000126),
    );
    const [message] = await alerts.push.waitForPushes(1, { endpoint });

    expect(JSON.parse(message!.payload)).toMatchObject({
      title: 'ZZZUSDT price alert',
      body: 'ZZZUSDT price rose to 0.00001260 (simulated market)',
      icon: '/app-icons/pairwatch-192.png',
    });
  });
});

describe('alerts on a pair that stops trading', () => {
  it('end Halted, their owner is told, and alerts on other pairs keep watching', async () => {
    const symbols = fixedSymbolSource([ETHBTC]);
    await build({ symbols });
    const { subscriptionId, endpoint } = await subscribe();
    const halting = (
      await createAlert({ symbol: 'ETHBTC', type: 'Price', valueTarget: 0.051, subscriptionId })
    ).json<Alert>();
    const other = (
      await createAlert({ symbol: 'BTCUSDT', type: 'Price', valueTarget: 61_000, subscriptionId })
    ).json<Alert>();

    symbols.stop(['ETHBTC']);
    const [message] = await alerts.push.waitForPushes(1, { endpoint });
    const listed = await alerts.listAlerts(subscriptionId);

    expect(JSON.parse(message!.payload)).toMatchObject({
      title: 'ETHBTC stopped trading',
      icon: '/app-icons/pairwatch-192.png',
      body: 'Your alert "Crossing 0.05100" on ETHBTC has ended: the market no longer trades the pair. (simulated market)',
      tag: halting.id,
    });
    expect(listed.find((alert) => alert.id === halting.id)).toMatchObject({ status: 'Halted' });
    expect(listed.find((alert) => alert.id === other.id)).toMatchObject({ status: 'Active' });

    // The pair is gone: a new alert on it is refused; the other alert still fires.
    const again = await createAlert({
      symbol: 'ETHBTC',
      type: 'Price',
      valueTarget: 0.051,
      subscriptionId,
    });
    expect(again.json()).toMatchObject({ code: 'UNKNOWN_SYMBOL' });
    alerts.market.emit('BTCUSDT', 'OneMinute', candle(T + 60, 60_000, 61_100, 59_950, 61_050));
    const [fired] = await alerts.push.waitForPushes(2, { endpoint }).then((all) => all.slice(1));
    expect(JSON.parse(fired!.payload)).toMatchObject({
      title: 'BTCUSDT price alert',
      tag: other.id,
    });
  });

  it('tells nothing when no active alert is on the stopped pair', async () => {
    const symbols = fixedSymbolSource([ETHBTC]);
    await build({ symbols });
    const { subscriptionId, endpoint } = await subscribe();
    await createAlert({ symbol: 'BTCUSDT', type: 'Price', valueTarget: 61_000, subscriptionId });

    symbols.stop(['ETHBTC']);
    await new Promise((resolve) => setTimeout(resolve, 200));

    expect(alerts.push.received.filter((push) => push.endpoint === endpoint)).toHaveLength(0);
    expect((await alerts.listAlerts(subscriptionId))[0]).toMatchObject({ status: 'Active' });
  });
});
