import { assetName, DEFAULT_SYMBOLS, type SymbolId, type SymbolInfo } from '@pairwatch/domain';

/** The sections of the list while the search box is empty. */
export type SymbolSection = 'favourites' | 'recent' | 'all' | 'results';

/** The visible titles of the sections (search results have none). */
export const SECTION_TITLES: Readonly<Record<Exclude<SymbolSection, 'results'>, string>> = {
  favourites: 'Favourites',
  recent: 'Recent',
  all: 'All symbols',
};

/** One row of the picker's list: a section title or a pair. */
export type SymbolPickerRow =
  | { readonly kind: 'header'; readonly key: string; readonly section: SymbolSection }
  | {
      readonly kind: 'option';
      readonly key: string;
      readonly section: SymbolSection;
      readonly info: SymbolInfo;
      /** 1-based position in its section, and the section's size (`aria-posinset`/`-setsize`). */
      readonly position: number;
      readonly sectionSize: number;
    };

/** A pair with what the search compares, computed once per catalogue. */
export interface IndexedSymbol {
  readonly info: SymbolInfo;
  readonly symbol: string;
  readonly base: string;
  /** The base asset's full name, lower case, or '' when unknown. */
  readonly baseName: string;
  /** The quote asset's full name, lower case, or ''. */
  readonly quoteName: string;
}

/**
 * The catalogue in display order — the ten defaults first, in the spec's order, then every other
 * pair in the order given — with the upper-case and lower-case forms the search compares.
 *
 * @param symbols - the catalogue (`GET /symbols`).
 * @returns one entry per pair, each pair once.
 * @example `indexSymbols(catalogue)[0].info.symbol === 'BTCUSDT'`
 */
export function indexSymbols(symbols: readonly SymbolInfo[]): IndexedSymbol[] {
  const bySymbol = new Map(symbols.map((info) => [info.symbol, info]));
  const ordered: SymbolInfo[] = [];
  for (const symbol of DEFAULT_SYMBOLS) {
    const info = bySymbol.get(symbol);
    if (info) ordered.push(info);
  }
  const defaults = new Set<string>(DEFAULT_SYMBOLS);
  for (const info of bySymbol.values()) if (!defaults.has(info.symbol)) ordered.push(info);
  return ordered.map((info) => ({
    info,
    symbol: info.symbol.toUpperCase(),
    base: info.baseAsset.toUpperCase(),
    baseName: assetName(info.baseAsset)?.toLowerCase() ?? '',
    quoteName: assetName(info.quoteAsset)?.toLowerCase() ?? '',
  }));
}

/**
 * How well a pair matches: 0 exact (symbol, base asset or base name), 1 prefix, 2 the symbol or
 * base name contains it, 3 only the quote asset's name does; `undefined` for no match.
 */
function matchTier(entry: IndexedSymbol, compact: string, lower: string): number | undefined {
  if (entry.symbol === compact || entry.base === compact || entry.baseName === lower) return 0;
  if (entry.symbol.startsWith(compact) || entry.baseName.startsWith(lower)) return 1;
  // "ETHBTC" contains the quote asset too: "BTC" finds ETHBTC here, after the BTC… pairs.
  if (entry.symbol.includes(compact) || entry.baseName.includes(lower)) return 2;
  if (entry.quoteName.includes(lower)) return 3;
  return undefined;
}

function section(
  key: SymbolSection,
  entries: readonly IndexedSymbol[],
  withHeader: boolean,
): SymbolPickerRow[] {
  const rows: SymbolPickerRow[] = withHeader
    ? [{ kind: 'header', key: `header:${key}`, section: key }]
    : [];
  entries.forEach((entry, i) =>
    rows.push({
      kind: 'option',
      key: `${key}:${entry.info.symbol}`,
      section: key,
      info: entry.info,
      position: i + 1,
      sectionSize: entries.length,
    }),
  );
  return rows;
}

/**
 * The rows of the picker's list. With an empty search: Favourites, Recent, then all pairs
 * (defaults first), each titled when there is more than one section. With a search (case, spaces
 * and "/" ignored for the symbol; base and quote names compared too): exact matches, then
 * prefixes, then the rest that contain it, each group in display order (defaults first).
 *
 * @param index - {@link indexSymbols} of the catalogue.
 * @param query - the search box's text.
 * @param favourites - starred symbols; those not in the catalogue are left out.
 * @param recent - recently picked symbols, most recent first.
 * @returns the rows, in display order.
 * @example `symbolPickerRows(index, 'eth', [], [])[0]` → the ETHUSDT option
 */
export function symbolPickerRows(
  index: readonly IndexedSymbol[],
  query: string,
  favourites: readonly SymbolId[],
  recent: readonly SymbolId[],
): SymbolPickerRow[] {
  const text = query.trim();
  if (text === '') {
    const bySymbol = new Map(index.map((entry) => [entry.info.symbol, entry]));
    const present = (symbols: readonly SymbolId[]) =>
      symbols.flatMap((symbol) => bySymbol.get(symbol) ?? []);
    const starred = present(favourites);
    const recentEntries = present(recent);
    const titled = starred.length > 0 || recentEntries.length > 0;
    return [
      ...(starred.length > 0 ? section('favourites', starred, true) : []),
      ...(recentEntries.length > 0 ? section('recent', recentEntries, true) : []),
      ...section('all', index, titled),
    ];
  }
  const compact = text.toUpperCase().replace(/[\s/_-]+/g, '');
  const lower = text.toLowerCase();
  const tiers: IndexedSymbol[][] = [[], [], [], []];
  for (const entry of index) {
    const tier = matchTier(entry, compact, lower);
    if (tier !== undefined) tiers[tier]!.push(entry);
  }
  return section('results', tiers.flat(), false);
}
