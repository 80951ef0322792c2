import { isSymbolId, type SymbolId } from '@pairwatch/domain';

/**
 * Checks that every value is shaped like a pair id, before anything is asked of the api. Whether
 * the market lists the pair is the api's answer (a 4xx, a hub error or a left-out symbol), not
 * ours: the client holds no list of pairs.
 *
 * @throws RangeError naming the first malformed value.
 * @example `assertSymbolIds(['BTCUSDT', 'btc-usdt']) // throws "Malformed symbol 'btc-usdt': …"`
 */
export function assertSymbolIds(symbols: readonly unknown[]): asserts symbols is SymbolId[] {
  const bad = symbols.findIndex((symbol) => !isSymbolId(symbol));
  if (bad !== -1) {
    throw new RangeError(
      `Malformed symbol '${String(symbols[bad])}': a pair id is 2 to 20 upper-case letters and digits`,
    );
  }
}
