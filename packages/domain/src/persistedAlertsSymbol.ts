import { isSymbolId, type SymbolId } from './SymbolId';

/**
 * The localStorage key under which the Alerts screen keeps the selected symbol, in the original
 * app's `{ state: { symbol }, version }` shape (product §3). The shell reads it too, to request the
 * first chart's candles before the Alerts remote has loaded.
 */
export const ALERTS_STORE_KEY = 'persistent-alerts-store';

/**
 * The symbol stored under {@link ALERTS_STORE_KEY}, or `undefined` when nothing usable is stored
 * (missing, corrupt, or a symbol the app does not support).
 *
 * @example `persistedAlertsSymbol('{"state":{"symbol":"ETHUSDT"},"version":0}') // 'ETHUSDT'`
 */
export function persistedAlertsSymbol(raw: string | null | undefined): SymbolId | undefined {
  if (!raw) return undefined;
  try {
    const symbol: unknown = (JSON.parse(raw) as { state?: { symbol?: unknown } } | null)?.state
      ?.symbol;
    return isSymbolId(symbol) ? symbol : undefined;
  } catch {
    return undefined;
  }
}
