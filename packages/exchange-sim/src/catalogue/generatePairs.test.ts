import { describe, expect, it } from '@jest/globals';
import { DEFAULT_SYMBOL_CATALOGUE, DEFAULT_SYMBOLS, isSymbolId } from '@pairwatch/domain';
import { SYMBOL_PROFILES } from '../model/symbolProfiles';
import { generatePairs } from './generatePairs';
import { type SimPair } from './SimPair';

const pairs = generatePairs();
const bySymbol = new Map(pairs.map((pair) => [pair.symbol, pair]));
const pair = (symbol: string): SimPair => {
  const found = bySymbol.get(symbol);
  if (!found) throw new Error(`${symbol} is not in the catalogue`);
  return found;
};

describe('generatePairs', () => {
  it('lists a Binance-sized catalogue of well-formed, distinct pairs', () => {
    expect(pairs.length).toBeGreaterThanOrEqual(600);
    expect(pairs.length).toBeLessThanOrEqual(1500);
    expect(bySymbol.size).toBe(pairs.length);
    for (const { symbol, baseAsset, quoteAsset } of pairs) {
      expect(isSymbolId(symbol)).toBe(true);
      expect(symbol).toBe(`${baseAsset}${quoteAsset}`);
    }
    expect(pairs.map((p) => p.index)).toEqual(pairs.map((_, index) => index));
  });

  it('quotes most bases in USDT and the larger ones in several quote assets', () => {
    const count = (quote: string): number => pairs.filter((p) => p.quoteAsset === quote).length;
    expect(count('USDT')).toBeGreaterThanOrEqual(400);
    for (const quote of ['USDC', 'FDUSD', 'BTC', 'TRY']) expect(count(quote)).toBeGreaterThan(50);
    for (const quote of ['ETH', 'BNB', 'EUR', 'BRL', 'JPY'])
      expect(count(quote)).toBeGreaterThan(5);
    expect(new Set(pairs.map((p) => p.quoteAsset)).size).toBeGreaterThanOrEqual(8);
    for (const symbol of ['SOLUSDT', 'SOLBTC', 'SOLFDUSD', 'BNBETH', 'USDTTRY', 'EURUSDT']) {
      expect(bySymbol.has(symbol)).toBe(true);
    }
  });

  it('keeps the ten defaults exactly as the domain catalogue and their tuned profiles say', () => {
    for (const [index, symbol] of DEFAULT_SYMBOLS.entries()) {
      const info = DEFAULT_SYMBOL_CATALOGUE[symbol];
      expect(pair(symbol)).toMatchObject({
        baseAsset: info.baseAsset,
        quoteAsset: 'USDT',
        listedStatus: 'TRADING',
        tickDecimals: info.priceFormat.precision,
        lotDecimals: info.quantityFormat.precision,
        quoteDecimals: 4,
        minNotional: '5.00000000',
        // The draws the defaults always had: same seed, same prices as before the catalogue.
        drawKey: index,
      });
      expect(pair(symbol).profile).toBe(SYMBOL_PROFILES[symbol]);
    }
  });

  it('gives sub-cent coins 8 tick decimals and prices below a cent', () => {
    for (const symbol of ['PEPEUSDT', 'SHIBUSDT', 'BONKUSDT', '1000SATSUSDT']) {
      expect(pair(symbol).tickDecimals).toBe(8);
      expect(pair(symbol).profile.referencePrice).toBeLessThan(0.001);
      // Cheap coins trade in whole units.
      expect(pair(symbol).lotDecimals).toBe(0);
    }
  });

  it('prices pairs quoted in BTC in BTC, ETHBTC with 5 tick decimals', () => {
    const ethBtc = pair('ETHBTC');
    expect(ethBtc.tickDecimals).toBe(5);
    expect(ethBtc.profile.referencePrice).toBeCloseTo(3_000 / 90_000, 4);
    expect(ethBtc.lotDecimals).toBe(pair('ETHUSDT').lotDecimals);
    const solBtc = pair('SOLBTC');
    expect(solBtc.profile.referencePrice).toBeCloseTo(
      pair('SOLUSDT').profile.referencePrice / 90_000,
      6,
    );
    expect(solBtc.tickDecimals).toBeGreaterThan(5);
    expect(pair('BTCTRY').tickDecimals).toBe(0);
  });

  it('has ticks that fit every price: 4 significant digits, or 8 decimals and at least 100 ticks', () => {
    for (const p of pairs) {
      const ticks = p.profile.referencePrice * 10 ** p.tickDecimals;
      expect(p.tickDecimals).toBeGreaterThanOrEqual(0);
      expect(p.tickDecimals).toBeLessThanOrEqual(8);
      expect(ticks).toBeGreaterThanOrEqual(p.tickDecimals === 8 ? 100 : 1000);
      expect(p.profile.maxPrice).toBeGreaterThanOrEqual(p.profile.referencePrice * 10);
      expect(Number.isSafeInteger(Math.round(p.profile.maxPrice * 10 ** p.tickDecimals))).toBe(
        true,
      );
    }
  });

  it('puts 1–3 % of the pairs in BREAK, never a default', () => {
    const broken = pairs.filter((p) => p.listedStatus === 'BREAK');
    expect(broken.length).toBeGreaterThanOrEqual(pairs.length * 0.01);
    expect(broken.length).toBeLessThanOrEqual(pairs.length * 0.03);
    expect(pairs.every((p) => p.listedStatus === 'BREAK' || p.listedStatus === 'TRADING')).toBe(
      true,
    );
    expect(broken.filter((p) => (DEFAULT_SYMBOLS as readonly string[]).includes(p.symbol))).toEqual(
      [],
    );
  });

  it('moves pairs of one coin against USD and fiat quotes together, against crypto on their own', () => {
    expect(pair('BTCFDUSD').drawKey).toBe(pair('BTCUSDT').drawKey);
    expect(pair('SOLEUR').drawKey).toBe(pair('SOLUSDT').drawKey);
    expect(pair('SOLBTC').drawKey).not.toBe(pair('SOLUSDT').drawKey);
    const own = pairs.filter((p) => p.quoteAsset === 'BTC').map((p) => p.drawKey);
    expect(new Set(own).size).toBe(own.length);
  });

  it('lists pairs after their quote existed and before the anchor day', () => {
    expect(pair('SOLFDUSD').profile.listedOn >= '2023-07-26').toBe(true);
    for (const p of pairs) {
      expect(p.profile.listedOn >= '2017-07-14' && p.profile.listedOn <= '2026-09-30').toBe(true);
    }
  });

  it('builds the same catalogue every time', () => {
    expect(generatePairs()).toEqual(pairs);
  });
});
