import { describe, expect, it } from '@jest/globals';
import {
  SYMBOLS,
  SYMBOL_CATALOGUE,
  formatFromStep,
  isSymbolId,
  persistedAlertsSymbol,
  symbolIconFile,
  parseSymbolsInfo,
} from './symbols';

describe('symbols catalogue', () => {
  it('lists exactly the spec pairs, each quoted in USDT with a format', () => {
    expect(SYMBOLS).toEqual([
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
    for (const symbol of SYMBOLS) {
      const info = SYMBOL_CATALOGUE[symbol];
      expect(`${info.baseAsset}${info.quoteAsset}`).toBe(symbol);
      expect(info.priceFormat.minMove).toBe(Number(`1e-${info.priceFormat.precision}`));
    }
    expect(isSymbolId('BTCUSDT')).toBe(true);
    expect(isSymbolId('btcusdt')).toBe(false);
  });

  it('derives display formats from exchange steps', () => {
    expect(formatFromStep('0.01000000')).toEqual({ precision: 2, minMove: 0.01 });
    expect(formatFromStep('0.00001000')).toEqual({ precision: 5, minMove: 0.00001 });
    expect(formatFromStep('1.00000000')).toEqual({ precision: 0, minMove: 1 });
    expect(() => formatFromStep('0')).toThrow(/positive/);
  });
});

describe('symbolIconFile', () => {
  it('names each logo after its base asset in lower case', () => {
    expect(symbolIconFile('BTCUSDT')).toBe('btc.png');
    expect(SYMBOLS.map(symbolIconFile)).toContain('usdc.png');
    expect(new Set(SYMBOLS.map(symbolIconFile)).size).toBe(SYMBOLS.length);
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
    ['an unsupported symbol', '{"state":{"symbol":"FOOUSDT"}}'],
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
