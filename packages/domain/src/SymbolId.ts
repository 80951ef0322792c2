/** The supported trading pairs, in the spec's order. */
export const SYMBOLS = [
  'BTCUSDT',
  'ETHUSDT',
  'BNBUSDT',
  'ADAUSDT',
  'DOGEUSDT',
  'DOTUSDT',
  'UNIUSDT',
  'LINKUSDT',
  'ATOMUSDT',
  'USDCUSDT',
] as const;

/** One of the supported trading pairs. */
export type SymbolId = (typeof SYMBOLS)[number];

/** The default symbol of the alerts screen and of a new position. */
export const DEFAULT_SYMBOL: SymbolId = 'BTCUSDT';

/** Tells whether a string names a supported symbol (case-sensitive, as on the wire). */
export function isSymbolId(value: unknown): value is SymbolId {
  return typeof value === 'string' && (SYMBOLS as readonly string[]).includes(value);
}
