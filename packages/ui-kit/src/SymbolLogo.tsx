import Box from '@mui/material/Box';
import { SYMBOL_CATALOGUE, type SymbolId, symbolIconFile } from '@pairwatch/domain';

/**
 * The URL of a symbol's logo. By default a root-relative `/icons/<asset>.png`, which the page's
 * own origin serves (the shell when the remotes run inside it).
 *
 * @param symbol - a supported symbol.
 * @param baseUrl - where the icon files are served, without a trailing slash; defaults to `/icons`.
 * @returns the logo's URL.
 * @example `symbolLogoUrl('ETHUSDT') === '/icons/eth.png'`
 */
export function symbolLogoUrl(symbol: SymbolId, baseUrl = '/icons'): string {
  return `${baseUrl.replace(/\/+$/, '')}/${symbolIconFile(symbol)}`;
}

/** Props of {@link SymbolLogo}. */
export interface SymbolLogoProps {
  readonly symbol: SymbolId;
  /** Width and height in CSS pixels; 20 by default. */
  readonly size?: number;
  /** Where the icon files are served; see {@link symbolLogoUrl}. */
  readonly baseUrl?: string;
}

/**
 * A symbol's logo: an `img` whose `alt` is the base asset (`BTC` for `BTCUSDT`).
 *
 * @example
 * ```tsx
 * <SymbolLogo symbol="BTCUSDT" size={24} />
 * ```
 */
export function SymbolLogo({ symbol, size = 20, baseUrl }: SymbolLogoProps) {
  return (
    <Box
      component="img"
      src={symbolLogoUrl(symbol, baseUrl)}
      alt={SYMBOL_CATALOGUE[symbol].baseAsset}
      width={size}
      height={size}
      sx={{ width: size, height: size, flexShrink: 0, display: 'inline-block' }}
    />
  );
}
