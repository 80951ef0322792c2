import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { SYMBOLS, symbolIconFile } from '@pairwatch/domain';
import { symbolLogoUrl } from './SymbolLogo';

const iconsDir = path.join(
  path.dirname(require.resolve('cryptocurrency-icons/package.json')),
  '128',
  'color',
);

describe('symbolLogoUrl', () => {
  it('names a file of the cryptocurrency-icons package for every supported symbol', () => {
    const missing = SYMBOLS.filter(
      (symbol) => !existsSync(path.join(iconsDir, symbolIconFile(symbol))),
    );
    expect(missing).toEqual([]);
  });

  it('points at /icons/<asset>.png by default', () => {
    expect(symbolLogoUrl('DOGEUSDT')).toBe('/icons/doge.png');
  });

  it('accepts another base, with or without a trailing slash', () => {
    expect(symbolLogoUrl('USDCUSDT', 'http://127.0.0.1:8081/icons/')).toBe(
      'http://127.0.0.1:8081/icons/usdc.png',
    );
  });
});
