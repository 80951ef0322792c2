import { type Candle, type SymbolId, isSymbolId } from '@pairwatch/domain';

/**
 * Where the screen keeps the latest 1-minute candle it saw of each symbol, so that without a
 * network (the app started from the service worker's cache) the open positions' PnL shows the
 * last prices seen instead of nothing.
 */
export const LAST_CANDLES_KEY = 'pairwatch:positions:last-candles';

function isCandle(value: unknown): value is Candle {
  if (typeof value !== 'object' || value === null) return false;
  const candle = value as Record<string, unknown>;
  return ['time', 'open', 'high', 'low', 'close'].every(
    (field) => typeof candle[field] === 'number' && Number.isFinite(candle[field]),
  );
}

/** The candles kept in `storage` (none when there are none or they cannot be read). */
export function readLastCandles(storage: Storage | undefined): Map<SymbolId, Candle> {
  const candles = new Map<SymbolId, Candle>();
  try {
    const raw = storage?.getItem(LAST_CANDLES_KEY);
    const stored = raw ? (JSON.parse(raw) as unknown) : undefined;
    if (typeof stored !== 'object' || stored === null) return candles;
    for (const [symbol, candle] of Object.entries(stored)) {
      if (isSymbolId(symbol) && isCandle(candle)) candles.set(symbol, candle);
    }
  } catch (_error: unknown) {
    // Unreadable: the prices come from the network, as before anything was kept.
  }
  return candles;
}

/** Keeps `candles` (the latest of each symbol) in `storage`. */
export function writeLastCandles(
  storage: Storage | undefined,
  candles: ReadonlyMap<SymbolId, Candle>,
): void {
  try {
    storage?.setItem(LAST_CANDLES_KEY, JSON.stringify(Object.fromEntries(candles)));
  } catch (_error: unknown) {
    // A full or blocked storage only costs the offline prices.
  }
}

/** `localStorage` where there is one. */
export function browserStorage(): Storage | undefined {
  return typeof localStorage === 'undefined' ? undefined : localStorage;
}
