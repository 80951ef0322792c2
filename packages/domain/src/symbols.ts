/**
 * The supported trading pairs: their ids, what the product knows about each (catalogue, display
 * formats, logo file), and the symbol the Alerts screen keeps in localStorage.
 *
 * @module
 */

/**
 * The spec's ten pairs, in its order: the defaults offered first in the picker, with bundled logos
 * and formats known without asking the exchange. Any other pair the market lists is reachable too
 * (architecture §3, `GET /symbols`).
 */
export const DEFAULT_SYMBOLS = [
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

/** One of the spec's ten default pairs. */
export type DefaultSymbolId = (typeof DEFAULT_SYMBOLS)[number];

/**
 * A spot pair id as the exchange spells it ("BTCUSDT", "ETHBTC", "1000SATSUSDT"). Its shape is
 * checked by {@link isSymbolId}; whether the market lists it is the catalogue's answer
 * (`GET /symbols`), which changes as pairs are listed and delisted.
 */
export type SymbolId = string;

/** The default symbol of the alerts screen and of a new position. */
export const DEFAULT_SYMBOL: DefaultSymbolId = 'BTCUSDT';

/** What a pair id looks like: upper-case letters and digits, 2 to 20 of them (Binance's own rule). */
const SYMBOL_SHAPE = /^[A-Z0-9]{2,20}$/;

/**
 * Tells whether a value is shaped like a pair id (case-sensitive, as on the wire). It says nothing
 * of whether the market lists the pair: the api answers that from its catalogue.
 */
export function isSymbolId(value: unknown): value is SymbolId {
  return typeof value === 'string' && SYMBOL_SHAPE.test(value);
}

/** Tells whether a value names one of the ten default pairs. */
export function isDefaultSymbol(value: unknown): value is DefaultSymbolId {
  return typeof value === 'string' && (DEFAULT_SYMBOLS as readonly string[]).includes(value);
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
  symbol: DefaultSymbolId,
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
 * The ten default pairs with their formats (Binance's tick and lot sizes at the
 * time of writing). The api replaces the formats with the live exchange's filters when it has them.
 */
export const DEFAULT_SYMBOL_CATALOGUE: Readonly<Record<DefaultSymbolId, SymbolInfo>> = {
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
 * The facts of one of the ten default pairs, or `undefined` for any other pair (whose facts come
 * from the api's catalogue).
 */
export function defaultSymbolInfo(symbol: SymbolId): SymbolInfo | undefined {
  return isDefaultSymbol(symbol) ? DEFAULT_SYMBOL_CATALOGUE[symbol] : undefined;
}

/** Quote assets Binance lists pairs in, longest first so "FDUSD" wins over "USD"-like tails. */
const KNOWN_QUOTES = [
  'FDUSD',
  'USDT',
  'USDC',
  'TUSD',
  'BUSD',
  'BTC',
  'ETH',
  'BNB',
  'EUR',
  'TRY',
  'BRL',
  'JPY',
  'DAI',
  'SOL',
  'XRP',
] as const;

/** A guess's price and quantity format: 8 decimals, what Binance quotes the finest pairs in. */
const GUESSED_FORMAT: NumberFormat = { precision: 8, minMove: 1e-8 };

/**
 * The facts of a pair for display before the catalogue has answered: a default pair's own, else a
 * guess (the quote asset split off the end, 8 decimals) that the catalogue's answer replaces.
 *
 * @example `guessSymbolInfo('ETHBTC')` → `{ baseAsset: 'ETH', quoteAsset: 'BTC', priceFormat: { precision: 8, … } }`
 */
export function guessSymbolInfo(symbol: SymbolId): SymbolInfo {
  const known = defaultSymbolInfo(symbol);
  if (known !== undefined) return known;
  const quote = KNOWN_QUOTES.find((q) => symbol.endsWith(q) && symbol.length > q.length) ?? '';
  return {
    symbol,
    baseAsset: symbol.slice(0, symbol.length - quote.length),
    quoteAsset: quote,
    priceFormat: GUESSED_FORMAT,
    quantityFormat: GUESSED_FORMAT,
  };
}

/**
 * The localStorage key under which the Alerts screen keeps the selected symbol, in the original
 * app's `{ state: { symbol }, version }` shape (product §3). The shell reads it too, to request the
 * first chart's candles before the Alerts remote has loaded.
 */
export const ALERTS_STORE_KEY = 'persistent-alerts-store';

/**
 * The symbol stored under {@link ALERTS_STORE_KEY}, or `undefined` when nothing usable is stored
 * (missing, corrupt, or not shaped like a pair id).
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
