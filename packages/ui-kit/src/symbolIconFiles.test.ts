import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { SYMBOLS } from '@pairwatch/domain';
import { SYMBOL_ICON_FILES } from './symbolIconFiles';
import { symbolLogoUrl } from './symbolLogoUrl';

const iconsDir = path.join(
  path.dirname(require.resolve('cryptocurrency-icons/package.json')),
  '128',
  'color',
);

describe('SYMBOL_ICON_FILES', () => {
  it('names a file of the cryptocurrency-icons package for every supported symbol', () => {
    expect(Object.keys(SYMBOL_ICON_FILES)).toEqual([...SYMBOLS]);
    const missing = SYMBOLS.filter(
      (symbol) => !existsSync(path.join(iconsDir, SYMBOL_ICON_FILES[symbol])),
    );
    expect(missing).toEqual([]);
  });
});

describe('symbolLogoUrl', () => {
  it('points at /icons/<asset>.png by default', () => {
    expect(symbolLogoUrl('DOGEUSDT')).toBe('/icons/doge.png');
  });

  it('accepts another base, with or without a trailing slash', () => {
    expect(symbolLogoUrl('USDCUSDT', 'http://127.0.0.1:8081/icons/')).toBe(
      'http://127.0.0.1:8081/icons/usdc.png',
    );
  });
});
