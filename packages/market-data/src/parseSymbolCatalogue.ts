import { isSymbolId, parseSymbolsInfo, type SymbolInfo } from '@pairwatch/domain';

/**
 * Checks a `GET /symbols` answer (an object keyed by symbol, every listed pair) and returns its
 * entries in the api's order: the ten defaults first, then the rest.
 *
 * NOTE: the order is the JSON object's key order, which `JSON.parse` keeps for every key that is
 * not an array index; a pair id made of digits only would move to the front (Binance lists none).
 *
 * @throws TypeError naming the malformed entry, or saying the answer is not a catalogue.
 * @example `parseSymbolCatalogue({ BTCUSDT: { symbol: 'BTCUSDT', … } }) // [{ symbol: 'BTCUSDT', … }]`
 */
export function parseSymbolCatalogue(body: unknown): SymbolInfo[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new TypeError(
      `Expected an object keyed by symbol, got ${JSON.stringify(body)?.slice(0, 200)}`,
    );
  }
  const symbols = Object.keys(body);
  const malformed = symbols.findIndex((symbol) => !isSymbolId(symbol));
  if (malformed !== -1) {
    throw new TypeError(`Malformed symbol '${symbols[malformed]!.slice(0, 40)}' in the catalogue`);
  }
  // An empty catalogue would leave the picker with nothing: the api never lists no pair.
  if (symbols.length === 0) throw new TypeError('The catalogue lists no pair');
  return [...parseSymbolsInfo(body, symbols).values()];
}
