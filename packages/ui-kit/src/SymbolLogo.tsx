import { useState } from 'react';
import { assetIconFile, defaultSymbolInfo, type SymbolId } from '@pairwatch/domain';
import { AssetMonogram } from './AssetMonogram';

/** Options of {@link symbolLogoUrl}. */
export interface SymbolLogoUrlOptions {
  /** The pair's base asset; by default the one of a default pair, none for any other. */
  readonly baseAsset?: string;
  /** Where the icon files are served, with or without a trailing slash; `/icons` by default. */
  readonly baseUrl?: string;
}

/**
 * The URL of a pair's bundled logo (its base asset's), or `undefined` when none is bundled (then
 * draw a monogram: never request a file that does not exist). By default a root-relative
 * `/icons/<asset>.svg`, which the page's own origin serves (the shell when the remotes run in it).
 *
 * @param symbol - the pair.
 * @param options - its base asset and where the icons are served.
 * @returns the logo's URL, or `undefined`.
 * @example `symbolLogoUrl('ETHUSDT') === '/icons/eth.svg'`; `symbolLogoUrl('ETHBTC') === undefined`
 *   (not a default pair: pass `{ baseAsset: 'ETH' }`)
 */
export function symbolLogoUrl(
  symbol: SymbolId,
  {
    baseAsset = defaultSymbolInfo(symbol)?.baseAsset,
    baseUrl = '/icons',
  }: SymbolLogoUrlOptions = {},
): string | undefined {
  const file = baseAsset === undefined ? undefined : assetIconFile(baseAsset);
  return file === undefined ? undefined : `${baseUrl.replace(/\/+$/, '')}/${file}`;
}

/** Props of {@link SymbolLogo}. */
export interface SymbolLogoProps {
  readonly symbol: SymbolId;
  /**
   * The pair's base asset (`SymbolInfo.baseAsset`). By default the one of a default pair; for any
   * other pair nothing is guessed from the id and a monogram of the symbol is shown.
   */
  readonly baseAsset?: string;
  /** Width and height in CSS pixels; 20 by default. */
  readonly size?: number;
  /** Where the icon files are served; see {@link symbolLogoUrl}. */
  readonly baseUrl?: string;
}

/**
 * A pair's logo: the bundled logo of its base asset as an `img` whose `alt` is the asset (`BTC`
 * for `BTCUSDT`), or, when the set has none, a monogram badge (`role="img"`, named after the
 * asset) — never a broken image.
 *
 * @example
 * ```tsx
 * <SymbolLogo symbol="BTCUSDT" size={24} />
 * <SymbolLogo symbol="PEPEUSDT" baseAsset="PEPE" />
 * ```
 */
export function SymbolLogo({
  symbol,
  baseAsset = defaultSymbolInfo(symbol)?.baseAsset,
  size = 20,
  baseUrl,
}: SymbolLogoProps) {
  // A logo that fails anyway (an app that serves no /icons/) falls back to the monogram.
  const [failed, setFailed] = useState<string | undefined>(undefined);
  const src = symbolLogoUrl(symbol, { baseAsset, baseUrl });
  if (src === undefined || failed === src) {
    return <AssetMonogram code={baseAsset ?? symbol} size={size} />;
  }
  // A plain element with inline styles, not an `sx` Box: the picker's list draws dozens of them.
  return (
    <img
      src={src}
      alt={baseAsset}
      width={size}
      height={size}
      onError={() => setFailed(src)}
      style={{ width: size, height: size, flexShrink: 0, display: 'inline-block' }}
    />
  );
}
