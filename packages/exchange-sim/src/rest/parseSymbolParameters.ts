import { type SimCatalogue } from '../catalogue/SimCatalogue';
import { type SimPair } from '../catalogue/SimPair';
import { BinanceError } from './BinanceError';

const SYMBOL_PATTERN = '^[A-Z0-9-_.]{1,20}$';
const SYMBOL_REGEX = /^[A-Z0-9\-_.]{1,20}$/;
const SYMBOLS_PATTERN = '^\\[("[A-Z0-9-_.]{1,20}"(,"[A-Z0-9-_.]{1,20}"){0,}){0,1}\\]$';

/**
 * A `symbol` parameter: -1100 for a malformed name, -1121 for a pair the catalogue does not list.
 */
export function parseSymbolParameter(
  value: string,
  catalogue: SimCatalogue,
  parameter = 'symbol',
): SimPair {
  if (value === '') throw BinanceError.mandatory(parameter);
  if (!SYMBOL_REGEX.test(value)) throw BinanceError.illegalChars(parameter, SYMBOL_PATTERN);
  const pair = catalogue.get(value);
  if (!pair) throw BinanceError.invalidSymbol();
  return pair;
}

/**
 * A `symbols` parameter: a JSON array of names (`["BTCUSDT","ETHUSDT"]`), as Binance takes it.
 * One name the catalogue does not list fails the whole request (-1121); duplicates fail with -1151.
 */
export function parseSymbolsParameter(value: string, catalogue: SimCatalogue): SimPair[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw BinanceError.illegalChars('symbols', SYMBOLS_PATTERN);
  }
  if (
    !Array.isArray(parsed) ||
    !parsed.every((name): name is string => typeof name === 'string' && SYMBOL_REGEX.test(name))
  ) {
    throw BinanceError.illegalChars('symbols', SYMBOLS_PATTERN);
  }
  if (parsed.length === 0) throw BinanceError.mandatory('symbols');
  if (new Set(parsed).size !== parsed.length) {
    throw new BinanceError(400, -1151, 'Symbol is present multiple times in the list.');
  }
  return parsed.map((name) => {
    const pair = catalogue.get(name);
    if (!pair) throw BinanceError.invalidSymbol();
    return pair;
  });
}
