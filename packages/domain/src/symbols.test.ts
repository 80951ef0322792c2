import { describe, expect, it } from '@jest/globals';
import {
  DEFAULT_SYMBOLS,
  DEFAULT_SYMBOL_CATALOGUE,
  formatFromStep,
  isSymbolId,
  persistedAlertsSymbol,
  defaultSymbolInfo,
  guessSymbolInfo,
  isDefaultSymbol,
  parseSymbolsInfo,
} from './symbols';

describe('symbols catalogue', () => {
  it('lists exactly the spec pairs, each quoted in USDT with a format', () => {
    expect(DEFAULT_SYMBOLS).toEqual([
      'BTCUSDT',
      'ETHUSDT',
      'BNBUSDT',
      'ADAUSDT',
      'DOGEUSDT',
      'DOTUSDT',
      'UNIUSDT',
      'LINKUSDT',
      'ATOMUSDT',
      'USDCUSDT',
    ]);
    for (const symbol of DEFAULT_SYMBOLS) {
      const info = DEFAULT_SYMBOL_CATALOGUE[symbol];
      expect(`${info.baseAsset}${info.quoteAsset}`).toBe(symbol);
      expect(info.priceFormat.minMove).toBe(Number(`1e-${info.priceFormat.precision}`));
    }
    expect(isSymbolId('BTCUSDT')).toBe(true);
    expect(isSymbolId('btcusdt')).toBe(false);
  });

  it('takes any pair id shaped as the exchange spells it, and knows which are the defaults', () => {
    for (const symbol of ['ETHBTC', 'PEPEUSDT', '1000SATSUSDT', 'BTCFDUSD']) {
      expect(isSymbolId(symbol)).toBe(true);
      expect(isDefaultSymbol(symbol)).toBe(false);
      expect(defaultSymbolInfo(symbol)).toBeUndefined();
    }
    for (const bad of ['', 'B', 'BTC-USDT', 'BTC USDT', 'A'.repeat(21), 'btcusdt', 42, null]) {
      expect(isSymbolId(bad)).toBe(false);
    }
    expect(isDefaultSymbol('ETHUSDT')).toBe(true);
    expect(defaultSymbolInfo('ETHUSDT')?.priceFormat.precision).toBe(2);
  });

  it('derives display formats from exchange steps', () => {
    expect(formatFromStep('0.01000000')).toEqual({ precision: 2, minMove: 0.01 });
    expect(formatFromStep('0.00001000')).toEqual({ precision: 5, minMove: 0.00001 });
    expect(formatFromStep('1.00000000')).toEqual({ precision: 0, minMove: 1 });
    expect(() => formatFromStep('0')).toThrow(/positive/);
  });
});

describe('guessSymbolInfo', () => {
  it('knows the defaults and splits any other pair at a known quote asset', () => {
    expect(guessSymbolInfo('ETHUSDT')).toBe(DEFAULT_SYMBOL_CATALOGUE.ETHUSDT);
    expect(guessSymbolInfo('ETHBTC')).toMatchObject({ baseAsset: 'ETH', quoteAsset: 'BTC' });
    expect(guessSymbolInfo('BTCFDUSD')).toMatchObject({ baseAsset: 'BTC', quoteAsset: 'FDUSD' });
    expect(guessSymbolInfo('PEPEUSDT').priceFormat.precision).toBe(8);
    expect(guessSymbolInfo('XYZ123')).toMatchObject({ baseAsset: 'XYZ123', quoteAsset: '' });
    // A pair that is only a quote asset's name keeps it as its base.
    expect(guessSymbolInfo('USDT')).toMatchObject({ baseAsset: 'USDT', quoteAsset: '' });
  });
});

describe('persistedAlertsSymbol', () => {
  it('reads the symbol of the stored state', () => {
    expect(persistedAlertsSymbol('{"state":{"symbol":"ETHUSDT"},"version":0}')).toBe('ETHUSDT');
  });

  it.each([
    ['nothing stored', null],
    ['an empty string', ''],
    ['corrupt JSON', '{"state":'],
    ['JSON null', 'null'],
    ['no state', '{"version":0}'],
    ['a string that is no pair id', '{"state":{"symbol":"btc/usdt"}}'],
    ['a symbol of the wrong type', '{"state":{"symbol":42}}'],
  ])('is undefined for %s', (_, raw) => {
    expect(persistedAlertsSymbol(raw)).toBeUndefined();
  });
});

describe('parseSymbolsInfo', () => {
  const info = {
    symbol: 'ETHUSDT',
    baseAsset: 'ETH',
    quoteAsset: 'USDT',
    priceFormat: { precision: 2, minMove: 0.01 },
    quantityFormat: { precision: 4, minMove: 0.0001 },
  };

  it('picks the wanted symbols, leaving out those the api does not know', () => {
    const parsed = parseSymbolsInfo({ ETHUSDT: info, BTCUSDT: { nonsense: true } }, [
      'ETHUSDT',
      'DOTUSDT',
    ]);
    expect([...parsed]).toEqual([['ETHUSDT', info]]);
  });

  it('names a malformed entry and refuses an answer that is not an object', () => {
    expect(() =>
      parseSymbolsInfo({ ETHUSDT: { ...info, priceFormat: { precision: -1, minMove: 0.01 } } }, [
        'ETHUSDT',
      ]),
    ).toThrow('Malformed symbol info for ETHUSDT');
    expect(() => parseSymbolsInfo([], ['ETHUSDT'])).toThrow(
      'Expected an object keyed by symbol, got []',
    );
  });
});
