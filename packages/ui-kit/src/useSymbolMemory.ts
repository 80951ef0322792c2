import { useCallback, useState } from 'react';
import { isSymbolId, type SymbolId } from '@pairwatch/domain';

/** How many recently picked symbols the picker keeps. */
const RECENT_LIMIT = 8;

/** The favourite and recent symbols of one picker, as kept in the browser. */
export interface SymbolMemory {
  /** Starred symbols, oldest star first. */
  readonly favourites: readonly SymbolId[];
  /** The last symbols picked, most recent first. */
  readonly recent: readonly SymbolId[];
  /** Stars or unstars a symbol. */
  readonly toggleFavourite: (symbol: SymbolId) => void;
  /** Puts a picked symbol first in the recent list. */
  readonly remember: (symbol: SymbolId) => void;
  /** Reads both lists again from storage (when the picker opens), and returns them. */
  readonly reload: () => Pick<SymbolMemory, 'favourites' | 'recent'>;
}

/**
 * Reads a stored list of symbols: a corrupt or foreign value is an empty list, and `undefined`
 * says the storage itself cannot be read (disabled, or a sandboxed frame).
 */
function readList(key: string): SymbolId[] | undefined {
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(key);
  } catch {
    return undefined;
  }
  try {
    const parsed: unknown = JSON.parse(raw ?? '[]');
    return Array.isArray(parsed) ? [...new Set(parsed.filter(isSymbolId))] : [];
  } catch {
    return [];
  }
}

/** Stores a list; a full or forbidden storage only means it is not kept past this page. */
function writeList(key: string, list: readonly SymbolId[]): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(list));
  } catch {
    // Quota exceeded or storage disabled: the lists still work until the page is left.
  }
}

/**
 * A picker's favourites and recent symbols, kept in `localStorage` under
 * `<storageKey>:favourites` and `<storageKey>:recent`, so pickers with the same key share them.
 *
 * @param storageKey - the prefix of the two keys.
 * @returns the lists and the two ways to change them.
 * @example `const { favourites, toggleFavourite } = useSymbolMemory('pairwatch-symbols')`
 */
export function useSymbolMemory(storageKey: string): SymbolMemory {
  const favouritesKey = `${storageKey}:favourites`;
  const recentKey = `${storageKey}:recent`;
  const [favourites, setFavourites] = useState(() => readList(favouritesKey) ?? []);
  const [recent, setRecent] = useState(() => readList(recentKey) ?? []);

  const toggleFavourite = useCallback(
    (symbol: SymbolId) => {
      const next = favourites.includes(symbol)
        ? favourites.filter((s) => s !== symbol)
        : [...favourites, symbol];
      writeList(favouritesKey, next);
      setFavourites(next);
    },
    [favourites, favouritesKey],
  );

  const remember = useCallback(
    (symbol: SymbolId) => {
      const next = [symbol, ...recent.filter((s) => s !== symbol)].slice(0, RECENT_LIMIT);
      writeList(recentKey, next);
      setRecent(next);
    },
    [recent, recentKey],
  );

  // Another picker with the same key (the other screen, another tab) may have changed them. Without
  // storage, the lists of this page are all there is.
  const reload = useCallback(() => {
    const storedFavourites = readList(favouritesKey);
    const storedRecent = readList(recentKey);
    if (storedFavourites) setFavourites(storedFavourites);
    if (storedRecent) setRecent(storedRecent);
    return { favourites: storedFavourites ?? favourites, recent: storedRecent ?? recent };
  }, [favourites, recent, favouritesKey, recentKey]);

  return { favourites, recent, toggleFavourite, remember, reload };
}
