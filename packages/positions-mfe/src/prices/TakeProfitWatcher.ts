import { type Candle, type Position, type SymbolId, isTakeProfitReached } from '@pairwatch/domain';
import { type PriceRange } from '../store/PositionStore';

interface Baseline {
  readonly time: number;
  readonly high: number;
  readonly low: number;
}

/** A position whose take profit a candle reached, and the range that reached it. */
export interface TakeProfitHit {
  readonly position: Position;
  readonly range: PriceRange;
}

/**
 * Decides which open positions a live 1-minute candle fills at their take profit (domain
 * `isTakeProfitReached`: the high for a Buy, the low for a Sell).
 *
 * NOTE: a forming candle's high and low include price action from before this tab started to
 * watch a position (often from before the position existed). So, like the api's price alerts, the
 * first candle seen for a position is a baseline: within that same minute only the current price
 * and highs/lows beyond the baseline count; every later candle counts in full.
 */
export class TakeProfitWatcher {
  private readonly baselines = new Map<number, Baseline>();

  /**
   * @param openPositions - the open positions now (others are ignored).
   * @param symbol - the symbol of the candle.
   * @param candle - the latest state of a 1-minute candle of `symbol`.
   * @returns the positions of `symbol` whose take profit the candle reached since they were first seen.
   */
  check(openPositions: readonly Position[], symbol: SymbolId, candle: Candle): TakeProfitHit[] {
    const hits: TakeProfitHit[] = [];
    const open = new Set<number>();
    for (const position of openPositions) {
      if (position.endReason !== undefined) continue;
      open.add(position.id);
      if (position.symbol !== symbol) continue;
      const range = this.rangeSinceBaseline(position.id, candle);
      if (range && isTakeProfitReached(position, range)) hits.push({ position, range });
    }
    for (const id of this.baselines.keys()) {
      if (!open.has(id)) this.baselines.delete(id);
    }
    return hits;
  }

  private rangeSinceBaseline(id: number, candle: Candle): PriceRange | undefined {
    const baseline = this.baselines.get(id);
    if (baseline && candle.time < baseline.time) return undefined; // an older candle arriving late
    const sameMinute = baseline !== undefined && candle.time === baseline.time;
    this.baselines.set(id, {
      time: candle.time,
      high: sameMinute ? Math.max(baseline.high, candle.high) : candle.high,
      low: sameMinute ? Math.min(baseline.low, candle.low) : candle.low,
    });
    if (!baseline) return { high: candle.close, low: candle.close };
    if (!sameMinute) return { high: candle.high, low: candle.low };
    return {
      high: candle.high > baseline.high ? candle.high : candle.close,
      low: candle.low < baseline.low ? candle.low : candle.close,
    };
  }
}
