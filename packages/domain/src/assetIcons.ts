/**
 * The base assets whose logo the app bundles (served as `/icons/<asset>.svg`, from
 * `@web3icons/core`, MIT), the file of each, and the full names the symbol picker searches. The
 * lists are generated into {@link ASSET_ICON_DATA}.
 *
 * @module
 */
import { ASSET_ICON_DATA } from './ASSET_ICON_DATA';

let iconAssets: ReadonlySet<string> | undefined;
let assetNames: ReadonlyMap<string, string> | undefined;

/** The set, parsed on first use (a fraction of a millisecond). */
export function bundledIconAssets(): ReadonlySet<string> {
  iconAssets ??= new Set(ASSET_ICON_DATA.codes.split(' '));
  return iconAssets;
}

function names(): ReadonlyMap<string, string> {
  assetNames ??= new Map(
    ASSET_ICON_DATA.names.split('|').map((entry) => {
      const colon = entry.indexOf(':');
      return [entry.slice(0, colon), entry.slice(colon + 1)] as const;
    }),
  );
  return assetNames;
}

/**
 * Binance lists some small-priced assets per thousand or per million units ("1000SATS",
 * "1MBABYDOGE"): the same asset, so the same logo and name.
 */
const UNIT_MULTIPLIER = /^(?:1000000|1000|1m)(?=[a-z])/;

/** The code an asset's logo and name are filed under, or `undefined` when the set has no logo. */
function iconCode(asset: string): string | undefined {
  const code = asset.toLowerCase();
  if (bundledIconAssets().has(code)) return code;
  const unit = code.replace(UNIT_MULTIPLIER, '');
  return unit !== code && bundledIconAssets().has(unit) ? unit : undefined;
}

/**
 * The file name of an asset's bundled logo under `/icons/`, or `undefined` when none is bundled
 * (the UI then draws a monogram, so no request ever ends in a broken image).
 *
 * @param asset - a base asset as the exchange spells it, any case ("BTC", "1000SATS").
 * @returns the file name, e.g. `'btc.svg'`, or `undefined`.
 * @example `assetIconFile('BTC')` → `'btc.svg'`; `assetIconFile('NOSUCHCOIN')` → `undefined`
 */
export function assetIconFile(asset: string): string | undefined {
  const code = iconCode(asset);
  return code === undefined ? undefined : `${code}.svg`;
}

/**
 * An asset's full name as the icon set knows it, for search, or `undefined` when it knows none
 * (or the name is only the code again).
 *
 * @param asset - a base or quote asset, any case.
 * @returns the name, e.g. `'Bitcoin'`, or `undefined`.
 * @example `assetName('btc')` → `'Bitcoin'`; `assetName('USDT')` → `'Tether'`
 */
export function assetName(asset: string): string | undefined {
  const code = iconCode(asset);
  return code === undefined ? undefined : names().get(code);
}
