/**
 * The supported trading pairs: their ids, what the product knows about each (catalogue, display
 * formats, logo file), and the symbol the Alerts screen keeps in localStorage.
 *
 * @module
 */

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

/**
 * The file name of a symbol's logo (its base asset, lower case, as in `cryptocurrency-icons`),
 * which the shell serves under `/icons/`.
 *
 * @example `symbolIconFile('BTCUSDT')` → `'btc.png'`
 */
export function symbolIconFile(symbol: SymbolId): string {
  return `${SYMBOL_CATALOGUE[symbol].baseAsset.toLowerCase()}.png`;
}

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

function isFormat(value: unknown): value is NumberFormat {
  if (typeof value !== 'object' || value === null) return false;
  const { precision, minMove } = value as Record<string, unknown>;
  return (
    typeof precision === 'number' &&
    Number.isInteger(precision) &&
    precision >= 0 &&
    typeof minMove === 'number' &&
    minMove > 0
  );
}

/**
 * Picks the `wanted` symbols out of a `GET /symbols/A,B` answer, checking each entry's shape.
 * Symbols the api left out (unknown to it) are absent from the result. Throws a `TypeError` that
 * names the malformed entry.
 */
export function parseSymbolsInfo(
  body: unknown,
  wanted: Iterable<SymbolId>,
): Map<SymbolId, SymbolInfo> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new TypeError(`Expected an object keyed by symbol, got ${JSON.stringify(body)}`);
  }
  const record = body as Record<string, unknown>;
  const result = new Map<SymbolId, SymbolInfo>();
  for (const symbol of wanted) {
    const entry = record[symbol];
    if (entry === undefined) continue;
    const info = entry as Record<string, unknown> | null;
    if (
      info === null ||
      typeof info !== 'object' ||
      info.symbol !== symbol ||
      typeof info.baseAsset !== 'string' ||
      typeof info.quoteAsset !== 'string' ||
      !isFormat(info.priceFormat) ||
      !isFormat(info.quantityFormat)
    ) {
      throw new TypeError(`Malformed symbol info for ${symbol}: ${JSON.stringify(entry)}`);
    }
    result.set(symbol, {
      symbol,
      baseAsset: info.baseAsset,
      quoteAsset: info.quoteAsset,
      priceFormat: info.priceFormat,
      quantityFormat: info.quantityFormat,
    });
  }
  return result;
}
