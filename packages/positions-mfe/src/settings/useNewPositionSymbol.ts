import { DEFAULT_SYMBOL, type SymbolId, isSymbolId } from '@pairwatch/domain';
import { useCallback, useState } from 'react';

/**
 * The localStorage key of the Positions screen's persisted settings, as the original app named it;
 * the value keeps its shape (`{ state: { newPositionSymbol }, version: 0 }`), so a symbol chosen
 * in the original app is still the default here.
 */
export const POSITIONS_SETTINGS_KEY = 'persistent-positions-store';

function readSymbol(storage: Storage | undefined): SymbolId {
  try {
    const raw = storage?.getItem(POSITIONS_SETTINGS_KEY);
    if (!raw) return DEFAULT_SYMBOL;
    const symbol = (JSON.parse(raw) as { state?: { newPositionSymbol?: unknown } }).state
      ?.newPositionSymbol;
    return isSymbolId(symbol) ? symbol : DEFAULT_SYMBOL;
  } catch (_error: unknown) {
    return DEFAULT_SYMBOL; // unreadable settings fall back to the default
  }
}

function browserStorage(): Storage | undefined {
  return typeof localStorage === 'undefined' ? undefined : localStorage;
}

/**
 * The symbol a new position starts with (default BTCUSDT), remembered in localStorage under
 * {@link POSITIONS_SETTINGS_KEY} whenever the user picks another one.
 */
export function useNewPositionSymbol(): readonly [SymbolId, (symbol: SymbolId) => void] {
  const [symbol, setSymbol] = useState(() => readSymbol(browserStorage()));
  const choose = useCallback((next: SymbolId) => {
    setSymbol(next);
    try {
      browserStorage()?.setItem(
        POSITIONS_SETTINGS_KEY,
        JSON.stringify({ state: { newPositionSymbol: next }, version: 0 }),
      );
    } catch (error: unknown) {
      // A full or blocked storage only costs the default next time.
      console.warn(`Could not remember the new-position symbol ${next}`, error);
    }
  }, []);
  return [symbol, choose] as const;
}
