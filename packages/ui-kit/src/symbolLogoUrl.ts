import { symbolIconFile, type SymbolId } from '@pairwatch/domain';

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
