/**
 * The base assets whose logo the app bundles (served under `/icons/`), and the file of each.
 *
 * @module
 */

/** Lower-case asset codes with a bundled logo. */
const ICON_ASSETS: ReadonlySet<string> = new Set([
  'btc',
  'eth',
  'bnb',
  'ada',
  'doge',
  'dot',
  'uni',
  'link',
  'atom',
  'usdc',
]);

/**
 * The file name of an asset's bundled logo under `/icons/`, or `undefined` when none is bundled
 * (the UI then draws a monogram, so no request ever ends in a broken image).
 *
 * @example `assetIconFile('BTC')` → `'btc.png'`; `assetIconFile('NOSUCHCOIN')` → `undefined`
 */
export function assetIconFile(asset: string): string | undefined {
  const code = asset.toLowerCase();
  return ICON_ASSETS.has(code) ? `${code}.png` : undefined;
}
