import { describe, expect, it } from '@jest/globals';
import { SYMBOLS, symbolIconFile } from './index';

describe('symbolIconFile', () => {
  it('names each logo after its base asset in lower case', () => {
    expect(symbolIconFile('BTCUSDT')).toBe('btc.png');
    expect(SYMBOLS.map(symbolIconFile)).toContain('usdc.png');
    expect(new Set(SYMBOLS.map(symbolIconFile)).size).toBe(SYMBOLS.length);
  });
});
