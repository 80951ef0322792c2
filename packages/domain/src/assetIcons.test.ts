import { existsSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
// The icon set is ui-kit's dependency, not domain's: its reader resolves it from there.
import { readAssetIconSet, svgOfModule } from '../../ui-kit/scripts/assetIconSet.cjs';
import { ASSET_ICON_DATA } from './ASSET_ICON_DATA';
import { assetIconFile, assetName, bundledIconAssets } from './assetIcons';
import { DEFAULT_SYMBOL_CATALOGUE, DEFAULT_SYMBOLS } from './symbols';

describe('the generated asset icon lists', () => {
  const set = readAssetIconSet();

  it('were generated from the installed icon set (regenerate after an upgrade)', () => {
    expect(ASSET_ICON_DATA.source).toBe(set.packages);
  });

  it('list exactly the logos of the installed package', () => {
    expect([...bundledIconAssets()].sort()).toEqual(set.icons.map((icon) => icon.code));
    expect(set.icons.length).toBeGreaterThan(1000);
  });

  it('name every logo file of the package that the shell copies, each an SVG', () => {
    for (const icon of set.icons) {
      expect(existsSync(icon.source)).toBe(true);
      expect(assetIconFile(icon.code)).toBe(`${icon.code}.svg`);
    }
    expect(svgOfModule(set.icons.find((icon) => icon.code === 'btc')!.source)).toMatch(/^<svg /);
  });

  it('keep the full names the set gives', () => {
    for (const icon of set.icons) expect(assetName(icon.code)).toBe(icon.name);
    expect(set.icons.filter((icon) => icon.name !== undefined).length).toBeGreaterThan(200);
  });
});

describe('assetIconFile', () => {
  it('names the bundled logo of each default base asset, whatever the case', () => {
    expect(assetIconFile('BTC')).toBe('btc.svg');
    expect(assetIconFile('eth')).toBe('eth.svg');
    const missing = DEFAULT_SYMBOLS.filter(
      (symbol) => assetIconFile(DEFAULT_SYMBOL_CATALOGUE[symbol].baseAsset) === undefined,
    );
    expect(missing).toEqual([]);
  });

  it('finds the logo of an asset Binance lists per thousand or million units', () => {
    expect(assetIconFile('1000SATS')).toBe('sats.svg');
    expect(assetIconFile('1000PEPE')).toBe('pepe.svg');
    expect(assetIconFile('1MPEPE')).toBe('pepe.svg');
    // 1INCH is a name of its own, not one unit of "INCH".
    expect(assetIconFile('1INCH')).toBe('1inch.svg');
  });

  it('has no file for an asset without a logo, so none is ever requested', () => {
    expect(assetIconFile('NOSUCHCOIN')).toBeUndefined();
    expect(assetIconFile('1000NOSUCHCOIN')).toBeUndefined();
    expect(assetIconFile('')).toBeUndefined();
  });
});

describe('assetName', () => {
  it('gives the full name of a well-known asset, whatever the case', () => {
    expect(assetName('BTC')).toBe('Bitcoin');
    expect(assetName('eth')).toBe('Ethereum');
    expect(assetName('ADA')).toBe('Cardano');
  });

  it('gives nothing for an asset without a logo', () => {
    expect(assetName('NOSUCHCOIN')).toBeUndefined();
  });
});
