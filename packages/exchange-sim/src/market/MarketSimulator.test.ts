import { describe, expect, it } from '@jest/globals';
import { DEFAULT_SYMBOL_CATALOGUE, DEFAULT_SYMBOLS } from '@pairwatch/domain';
import { decimalUnits } from '../test-support/decimalUnits';
import { ManualClock } from '../test-support/ManualClock';
import { type Kline } from './Kline';
import { KLINE_CODES, KlineInterval } from './KlineInterval';
import { MarketSimulator } from './MarketSimulator';
import { SimInputError } from './SimInputError';

const NOW = Date.UTC(2026, 10, 18, 15, 37, 41, 250);
const interval = (code: string): KlineInterval => {
  const parsed = KlineInterval.parse(code);
  if (!parsed) throw new Error(`bad code ${code}`);
  return parsed;
};

function aggregate(klines: readonly Kline[]) {
  const sum = (pick: (k: Kline) => string): bigint =>
    klines.reduce((total, k) => total + decimalUnits(pick(k)), 0n);
  return {
    open: klines[0]?.open,
    close: klines[klines.length - 1]?.close,
    high: klines.map((k) => decimalUnits(k.high)).reduce((a, b) => (a > b ? a : b)),
    low: klines.map((k) => decimalUnits(k.low)).reduce((a, b) => (a < b ? a : b)),
    volume: sum((k) => k.volume),
    quoteVolume: sum((k) => k.quoteVolume),
    takerBuyVolume: sum((k) => k.takerBuyVolume),
    trades: klines.reduce((total, k) => total + k.trades, 0),
    firstTradeId: klines[0]?.firstTradeId,
    lastTradeId: klines[klines.length - 1]?.lastTradeId,
  };
}

function summary(kline: Kline) {
  return {
    open: kline.open,
    close: kline.close,
    high: decimalUnits(kline.high),
    low: decimalUnits(kline.low),
    volume: decimalUnits(kline.volume),
    quoteVolume: decimalUnits(kline.quoteVolume),
    takerBuyVolume: decimalUnits(kline.takerBuyVolume),
    trades: kline.trades,
    firstTradeId: kline.firstTradeId,
    lastTradeId: kline.lastTradeId,
  };
}

describe('MarketSimulator', () => {
  const clock = new ManualClock(NOW);
  const market = new MarketSimulator({ seed: 3, clock: clock.now });

  it.each(KLINE_CODES.map((code) => [code]))(
    'serves %s klines that are contiguous, well-formed and end with the forming one',
    (code) => {
      const iv = interval(code);
      const klines = market.klines({ symbol: 'ETHUSDT', interval: iv, limit: 1000 });
      expect(klines.length).toBeGreaterThan(0);
      expect(klines.length).toBeLessThanOrEqual(1000);
      const problems = klines.flatMap((kline, i) => {
        const found: string[] = [];
        if (kline.closeTime !== iv.nextOpen(kline.openTime) - 1) found.push(`${i}: close time`);
        if (i > 0 && kline.openTime !== klines[i - 1]!.closeTime + 1) found.push(`${i}: gap`);
        const [o, h, l, c] = [kline.open, kline.high, kline.low, kline.close].map(decimalUnits);
        if (!(l! <= o! && l! <= c! && o! <= h! && c! <= h!)) found.push(`${i}: OHLC order`);
        if (kline.closed !== i < klines.length - 1) found.push(`${i}: closed flag`);
        return found;
      });
      expect(problems).toEqual([]);
      const last = klines[klines.length - 1]!;
      expect(last.openTime).toBe(iv.openTime(NOW));
      expect(last.close).toBe(market.priceText('ETHUSDT'));
    },
  );

  it('aggregates 60 one-minute klines into their hour exactly', () => {
    const hourOpen = Date.UTC(2026, 10, 17, 9);
    const minutes = market.klines({
      symbol: 'BTCUSDT',
      interval: interval('1m'),
      startTime: hourOpen,
      limit: 60,
    });
    const [hour] = market.klines({
      symbol: 'BTCUSDT',
      interval: interval('1h'),
      startTime: hourOpen,
      limit: 1,
    });
    expect(minutes).toHaveLength(60);
    expect(aggregate(minutes)).toEqual(summary(hour!));
  });

  it.each([
    ['1s', '1m', 60],
    ['1m', '3m', 3],
    ['1m', '5m', 5],
    ['5m', '15m', 3],
    ['15m', '30m', 2],
    ['30m', '1h', 2],
    ['1h', '2h', 2],
    ['1h', '4h', 4],
    ['2h', '6h', 3],
    ['4h', '8h', 2],
    ['6h', '12h', 2],
    ['1h', '1d', 24],
    ['1d', '3d', 3],
  ])('aggregates %s klines into a %s kline exactly', (fine, coarse, count) => {
    const coarseInterval = interval(coarse);
    const open = coarseInterval.openTime(Date.UTC(2026, 8, 9, 7, 31));
    const parts = market.klines({
      symbol: 'DOGEUSDT',
      interval: interval(fine),
      startTime: open,
      limit: count,
    });
    const [whole] = market.klines({
      symbol: 'DOGEUSDT',
      interval: coarseInterval,
      startTime: open,
      limit: 1,
    });
    expect(parts).toHaveLength(count);
    expect(aggregate(parts)).toEqual(summary(whole!));
  });

  it('makes a week the aggregate of its seven days from Monday', () => {
    const [week] = market.klines({
      symbol: 'LINKUSDT',
      interval: interval('1w'),
      startTime: Date.UTC(2024, 5, 1),
      limit: 1,
    });
    expect(new Date(week!.openTime).getUTCDay()).toBe(1);
    expect(week!.closeTime - week!.openTime + 1).toBe(7 * 86_400_000);
    const days = market.klines({
      symbol: 'LINKUSDT',
      interval: interval('1d'),
      startTime: week!.openTime,
      limit: 7,
    });
    expect(aggregate(days)).toEqual(summary(week!));
  });

  it('makes a month the aggregate of its calendar days', () => {
    const months = market.klines({
      symbol: 'ADAUSDT',
      interval: interval('1M'),
      startTime: Date.UTC(2024, 0, 1),
      limit: 3,
    });
    expect(months.map((m) => new Date(m.openTime).toISOString().slice(0, 10))).toEqual([
      '2024-01-01',
      '2024-02-01',
      '2024-03-01',
    ]);
    const february = months[1]!;
    expect(february.closeTime).toBe(Date.UTC(2024, 2, 1) - 1);
    const days = market.klines({
      symbol: 'ADAUSDT',
      interval: interval('1d'),
      startTime: february.openTime,
      endTime: february.closeTime,
      limit: 1000,
    });
    expect(days).toHaveLength(29);
    expect(aggregate(days)).toEqual(summary(february));
  });

  it('starts history at the listing: the first month opens on the 1st, holding trading days only', () => {
    const [first] = market.klines({
      symbol: 'BTCUSDT',
      interval: interval('1M'),
      startTime: 0,
      limit: 1,
    });
    expect(new Date(first!.openTime).toISOString()).toBe('2017-08-01T00:00:00.000Z');
    const days = market.klines({
      symbol: 'BTCUSDT',
      interval: interval('1d'),
      startTime: 0,
      limit: 31,
    });
    expect(new Date(days[0]!.openTime).toISOString()).toBe('2017-08-17T00:00:00.000Z');
    expect(aggregate(days.filter((d) => d.openTime <= first!.closeTime))).toEqual(summary(first!));
    expect(
      market.klines({
        symbol: 'BTCUSDT',
        interval: interval('1d'),
        endTime: Date.UTC(2017, 0, 1),
        limit: 10,
      }),
    ).toEqual([]);
  });

  it('follows Binance paging: startTime from the first open at or after it, endTime backwards', () => {
    const iv = interval('1h');
    const start = Date.UTC(2026, 10, 1, 5, 30);
    const fromStart = market.klines({
      symbol: 'BTCUSDT',
      interval: iv,
      startTime: start,
      limit: 3,
    });
    expect(fromStart.map((k) => k.openTime)).toEqual(
      [6, 7, 8].map((h) => Date.UTC(2026, 10, 1, h)),
    );
    const toEnd = market.klines({ symbol: 'BTCUSDT', interval: iv, endTime: start, limit: 3 });
    expect(toEnd.map((k) => k.openTime)).toEqual([3, 4, 5].map((h) => Date.UTC(2026, 10, 1, h)));
    const both = market.klines({
      symbol: 'BTCUSDT',
      interval: iv,
      startTime: start,
      endTime: Date.UTC(2026, 10, 1, 7),
      limit: 10,
    });
    expect(both.map((k) => k.openTime)).toEqual([6, 7].map((h) => Date.UTC(2026, 10, 1, h)));
    expect(
      market.klines({ symbol: 'BTCUSDT', interval: iv, startTime: NOW + 3_600_000, limit: 5 }),
    ).toEqual([]);
  });

  it('numbers trades contiguously across klines', () => {
    const klines = market.klines({ symbol: 'UNIUSDT', interval: interval('1m'), limit: 30 });
    for (let i = 1; i < klines.length; i += 1) {
      expect(klines[i]!.firstTradeId).toBe(klines[i - 1]!.lastTradeId + 1);
    }
  });

  it('writes prices with the pair tick size and volumes with its lot size', () => {
    for (const symbol of DEFAULT_SYMBOLS) {
      const [kline] = market.klines({ symbol, interval: interval('1h'), limit: 1 });
      const tick = 10 ** (8 - DEFAULT_SYMBOL_CATALOGUE[symbol].priceFormat.precision);
      const lot = 10 ** (8 - DEFAULT_SYMBOL_CATALOGUE[symbol].quantityFormat.precision);
      expect(decimalUnits(kline!.close) % BigInt(tick)).toBe(0n);
      expect(decimalUnits(kline!.volume) % BigInt(lot)).toBe(0n);
    }
  });

  it('starts near real prices of late 2026', () => {
    const near = { BTCUSDT: 90_000, ETHUSDT: 3_000, DOGEUSDT: 0.17, USDCUSDT: 1 } as const;
    for (const [symbol, price] of Object.entries(near)) {
      const now = market.price(symbol as keyof typeof near);
      expect(now / price).toBeGreaterThan(0.5);
      expect(now / price).toBeLessThan(2);
    }
    expect(Math.abs(market.price('USDCUSDT') - 1)).toBeLessThan(0.01);
  });

  it('grows the forming kline with the clock until it is the kline history serves', () => {
    const local = new ManualClock(Date.UTC(2026, 10, 18, 15, 37, 0, 500));
    const live = new MarketSimulator({ seed: 3, clock: local.now });
    const iv = interval('1m');
    const early = live.currentKline('BTCUSDT', iv)!;
    local.advance(30_000);
    const later = live.currentKline('BTCUSDT', iv)!;
    expect(later.openTime).toBe(early.openTime);
    expect(decimalUnits(later.volume)).toBeGreaterThan(decimalUnits(early.volume));
    expect(decimalUnits(later.high)).toBeGreaterThanOrEqual(decimalUnits(early.high));
    expect(later.open).toBe(early.open);
    local.advance(60_000);
    const final = live.kline('BTCUSDT', iv, early.openTime)!;
    expect(final.closed).toBe(true);
    expect(live.kline('BTCUSDT', iv, early.openTime, 0, final.closeTime + 3_600_000)).toEqual(
      final,
    );
  });

  it('repeats the same market for the same seed', () => {
    const a = new MarketSimulator({ seed: 'demo', clock: clock.now });
    const b = new MarketSimulator({ seed: 'demo', clock: clock.now });
    const query = { symbol: 'ATOMUSDT' as const, interval: interval('4h'), limit: 50 };
    expect(a.klines(query)).toEqual(b.klines(query));
    expect(a.klines(query)).not.toEqual(market.klines(query));
  });

  it('keeps the prices the defaults had before the catalogue (same seed, same BTCUSDT)', () => {
    const pinned = new MarketSimulator({
      seed: 7,
      clock: () => Date.UTC(2026, 10, 27, 7, 13, 21, 500),
    });
    const days = pinned.klines({
      symbol: 'BTCUSDT',
      interval: interval('1d'),
      startTime: Date.UTC(2021, 3, 5, 3),
      limit: 2,
    });
    expect(days.map((k) => [k.openTime, k.open, k.close, k.volume, k.trades])).toEqual([
      [1617667200000, '21933.07000000', '22356.84000000', '17864.56418000', 2138262],
      [1617753600000, '22356.84000000', '20773.14000000', '44391.30355000', 4606195],
    ]);
    expect(pinned.priceText('BTCUSDT')).toBe('86845.50000000');
  });

  it('prices every listed pair in its quote asset and tick size', () => {
    const pepe = market.klines({ symbol: 'PEPEUSDT', interval: interval('1h'), limit: 48 });
    expect(pepe).toHaveLength(48);
    for (const kline of pepe) {
      expect(kline.close).toMatch(/^0\.000\d{5}$/);
      expect(decimalUnits(kline.volume) % 100_000_000n).toBe(0n);
    }
    expect(market.price('SOLBTC')).toBeGreaterThan(0.0003);
    expect(market.price('SOLBTC')).toBeLessThan(0.01);
    expect(market.price('BTCTRY')).toBeGreaterThan(1_000_000);
    expect(market.priceText('BTCTRY')).toMatch(/^\d+\.00000000$/);
    expect(Math.abs(market.price('FDUSDUSDT') - 1)).toBeLessThan(0.01);
  });

  it('moves a coin against USD stablecoins together: BTCFDUSD walks with BTCUSDT', () => {
    const query = { interval: interval('1d'), limit: 30 };
    const usdt = market.klines({ symbol: 'BTCUSDT', ...query }).map((k) => k.close);
    const fdusd = market.klines({ symbol: 'BTCFDUSD', ...query }).map((k) => k.close);
    expect(fdusd).toEqual(usdt);
    const ethBtc = market.klines({ symbol: 'ETHBTC', ...query }).map((k) => k.close);
    expect(new Set(ethBtc).size).toBeGreaterThan(20);
  });

  it('repeats a non-default pair for the same seed and differs for another', () => {
    const query = { symbol: 'WIFUSDT', interval: interval('15m'), limit: 20 };
    const again = new MarketSimulator({ seed: 3, clock: clock.now });
    const other = new MarketSimulator({ seed: 4, clock: clock.now });
    expect(again.klines(query)).toEqual(market.klines(query));
    expect(other.klines(query)).not.toEqual(market.klines(query));
  });

  it('refuses a pair the catalogue does not list', () => {
    expect(() => market.klines({ symbol: 'FOOUSDT', interval: interval('1m'), limit: 1 })).toThrow(
      SimInputError,
    );
    expect(() => market.priceText('BTCUSD')).toThrow(/Unknown symbol "BTCUSD"/);
    expect(() => market.setPrice('FOOUSDT', 1)).toThrow(SimInputError);
  });

  describe('price controls', () => {
    it('sets the price now and stretches the forming klines to include it', () => {
      const local = new ManualClock(NOW);
      const live = new MarketSimulator({ seed: 3, clock: local.now });
      const before = live.klines({ symbol: 'BTCUSDT', interval: interval('1m'), limit: 10 });
      const change = live.setPrice('BTCUSDT', 123_456.78);
      expect(change.price).toBe('123456.78000000');
      expect(change.previousPrice).toBe(before[before.length - 1]!.close);
      expect(live.priceText('BTCUSDT')).toBe('123456.78000000');
      for (const code of ['1s', '1m', '1h', '1d', '1M']) {
        const current = live.currentKline('BTCUSDT', interval(code))!;
        expect(current.close).toBe('123456.78000000');
        expect(decimalUnits(current.high)).toBeGreaterThanOrEqual(decimalUnits('123456.78000000'));
      }
      const after = live.klines({ symbol: 'BTCUSDT', interval: interval('1m'), limit: 10 });
      expect(after.slice(0, -1)).toEqual(before.slice(0, -1));
    });

    it('carries the walk on from the new level', () => {
      const local = new ManualClock(NOW);
      const live = new MarketSimulator({ seed: 3, clock: local.now });
      live.setPrice('ETHUSDT', 5_000);
      local.advance(5 * 60_000);
      expect(live.price('ETHUSDT') / 5_000).toBeGreaterThan(0.95);
      expect(live.price('ETHUSDT') / 5_000).toBeLessThan(1.05);
    });

    it('keeps the high and low of a kline that saw a set price and a later move back', () => {
      const local = new ManualClock(Date.UTC(2026, 10, 18, 15, 37, 5));
      const live = new MarketSimulator({ seed: 3, clock: local.now });
      const start = live.price('BTCUSDT');
      live.setPrice('BTCUSDT', start * 1.2);
      local.advance(2_000);
      live.setPrice('BTCUSDT', start);
      const minute = live.currentKline('BTCUSDT', interval('1m'))!;
      expect(Number(minute.high)).toBeGreaterThanOrEqual(Math.round(start * 1.2 * 100) / 100);
    });

    it('moves the price by an amount or a percentage', () => {
      const local = new ManualClock(NOW);
      const live = new MarketSimulator({ seed: 3, clock: local.now });
      const start = live.price('DOGEUSDT');
      live.movePrice('DOGEUSDT', { percent: 10 });
      expect(live.price('DOGEUSDT')).toBeCloseTo(start * 1.1, 5);
      live.movePrice('DOGEUSDT', { by: -0.01 });
      expect(live.price('DOGEUSDT')).toBeCloseTo(start * 1.1 - 0.01, 5);
    });

    it('refuses a bad price and changes nothing', () => {
      const local = new ManualClock(NOW);
      const live = new MarketSimulator({ seed: 3, clock: local.now });
      const start = live.priceText('BTCUSDT');
      expect(() => live.setPrice('BTCUSDT', -1)).toThrow(/above 0/);
      expect(() => live.setPrice('BTCUSDT', Number.NaN)).toThrow(/above 0/);
      expect(() => live.setPrice('BTCUSDT', 0.001)).toThrow(/rounds to zero/);
      expect(() => live.movePrice('BTCUSDT', { percent: -100 })).toThrow(/above 0/);
      expect(live.priceText('BTCUSDT')).toBe(start);
    });

    it('goes back to the seeded market on reset', () => {
      const local = new ManualClock(NOW);
      const live = new MarketSimulator({ seed: 3, clock: local.now });
      const start = live.priceText('BNBUSDT');
      live.setPrice('BNBUSDT', 1);
      live.resetPrices();
      expect(live.priceText('BNBUSDT')).toBe(start);
    });
  });
});
