import { isSymbolId, type SymbolId } from '@pairwatch/domain';
import { SimInputError } from '../market/SimInputError';
import { generatePairs } from './generatePairs';
import { type SimPair } from './SimPair';

let standard: SimCatalogue | undefined;

/**
 * The pairs a simulated exchange lists (symbol → {@link SimPair}): about a thousand spot pairs of
 * real coin tickers against USDT, USDC, FDUSD, BTC, ETH, BNB, EUR, TRY, BRL, JPY and PLN, with tick
 * and lot sizes that fit their prices. Simulated: the pairs are real-looking, not Binance's list.
 */
export class SimCatalogue {
  /** Every pair, in listing order (the order of `exchangeInfo`). */
  readonly pairs: readonly SimPair[];
  private readonly bySymbol: ReadonlyMap<SymbolId, SimPair>;

  /** @throws Error when two pairs share a symbol, a symbol is malformed or an index is off. */
  constructor(pairs: readonly SimPair[]) {
    const bySymbol = new Map<SymbolId, SimPair>();
    pairs.forEach((pair, index) => {
      if (!isSymbolId(pair.symbol) || pair.symbol !== `${pair.baseAsset}${pair.quoteAsset}`) {
        throw new Error(`Malformed pair ${pair.symbol} (${pair.baseAsset}/${pair.quoteAsset})`);
      }
      if (bySymbol.has(pair.symbol)) throw new Error(`Pair ${pair.symbol} is listed twice`);
      if (pair.index !== index) throw new Error(`Pair ${pair.symbol} has index ${pair.index}`);
      bySymbol.set(pair.symbol, pair);
    });
    this.pairs = pairs;
    this.bySymbol = bySymbol;
  }

  /**
   * The catalogue every simulator serves, built on first use (a few ms) and shared: it does not
   * depend on the seed.
   */
  static standard(): SimCatalogue {
    standard ??= new SimCatalogue(generatePairs());
    return standard;
  }

  /** Number of pairs. */
  get size(): number {
    return this.pairs.length;
  }

  /** The pair, or `undefined` when the exchange does not list it. */
  get(symbol: string): SimPair | undefined {
    return this.bySymbol.get(symbol);
  }

  /** The pair; for a symbol the exchange does not list, a `SimInputError` naming it. */
  require(symbol: string): SimPair {
    const pair = this.bySymbol.get(symbol);
    if (!pair) {
      throw new SimInputError(
        `Unknown symbol ${JSON.stringify(symbol) ?? 'undefined'}: the simulator lists ${this.size} pairs (GET /api/v3/exchangeInfo)`,
      );
    }
    return pair;
  }
}
