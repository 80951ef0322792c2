/** A display format: digits after the decimal point and the smallest step. */
export interface NumberFormat {
  readonly precision: number;
  readonly minMove: number;
}

/** What the product knows about a trading pair (the `GET /symbols` answer per symbol). */
export interface SymbolInfo {
  readonly symbol: SymbolId;
  readonly baseAsset: string;
  readonly quoteAsset: string;
  readonly priceFormat: NumberFormat;
  readonly quantityFormat: NumberFormat;
}

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

function info(
  symbol: SymbolId,
  baseAsset: string,
  pricePrecision: number,
  quantityPrecision: number,
): SymbolInfo {
  return {
    symbol,
    baseAsset,
    quoteAsset: 'USDT',
    priceFormat: { precision: pricePrecision, minMove: 1 / 10 ** pricePrecision },
    quantityFormat: { precision: quantityPrecision, minMove: 1 / 10 ** quantityPrecision },
  };
}

/**
 * The catalogue of supported pairs with their default formats (Binance's tick and lot sizes at the
 * time of writing). The api replaces the formats with the live exchange's filters when it has them.
 */
export const SYMBOL_CATALOGUE: Readonly<Record<SymbolId, SymbolInfo>> = {
  BTCUSDT: info('BTCUSDT', 'BTC', 2, 5),
  ETHUSDT: info('ETHUSDT', 'ETH', 2, 4),
  BNBUSDT: info('BNBUSDT', 'BNB', 2, 3),
  ADAUSDT: info('ADAUSDT', 'ADA', 4, 1),
  DOGEUSDT: info('DOGEUSDT', 'DOGE', 5, 0),
  DOTUSDT: info('DOTUSDT', 'DOT', 3, 2),
  UNIUSDT: info('UNIUSDT', 'UNI', 3, 2),
  LINKUSDT: info('LINKUSDT', 'LINK', 2, 2),
  ATOMUSDT: info('ATOMUSDT', 'ATOM', 3, 2),
  USDCUSDT: info('USDCUSDT', 'USDC', 4, 0),
};

/** Tells whether a string names a supported symbol (case-sensitive, as on the wire). */
export function isSymbolId(value: unknown): value is SymbolId {
  return typeof value === 'string' && (SYMBOLS as readonly string[]).includes(value);
}

/**
 * Derives a display format from an exchange step (Binance `tickSize` / `stepSize`, e.g. "0.01000000").
 *
 * @returns precision = number of significant decimals of the step, minMove = the step.
 * @example `formatFromStep('0.00100000')` → `{ precision: 3, minMove: 0.001 }`
 */
export function formatFromStep(step: string): NumberFormat {
  const minMove = Number(step);
  if (!Number.isFinite(minMove) || minMove <= 0) {
    throw new RangeError(`A step must be a positive number, got '${step}'`);
  }
  const [, decimals = ''] = step.split('.');
  const precision = decimals.replace(/0+$/, '').length;
  return { precision, minMove };
}
