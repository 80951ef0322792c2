import {
  type Candle,
  type Position,
  type SymbolId,
  type UnixMillis,
  intervalOpenTime,
  isTakeProfitReached,
  priceSeenSince,
  toUnixSeconds,
} from '@pairwatch/domain';
import { type PriceRange } from '../store/PositionStore';

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
 * first candle seen for a position is its baseline, and each candle counts only the prices
 * {@link priceSeenSince} that baseline. A candle older than the minute in which the watch began
 * (a late update, or a REST answer from just before the minute turned) is no baseline: it would
 * make the whole current minute, with its earlier extremes, count.
 */
export class TakeProfitWatcher {
  private readonly baselines = new Map<number, Pick<Candle, 'time' | 'high' | 'low'>>();

  /** @param now - the clock, in Unix milliseconds. */
  constructor(private readonly now: () => number = Date.now) {}

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
    // A position that ended or was deleted is forgotten; if it comes back, it is seen anew.
    for (const id of this.baselines.keys()) {
      if (!open.has(id)) this.baselines.delete(id);
    }
    return hits;
  }

  private rangeSinceBaseline(id: number, candle: Candle): PriceRange | undefined {
    let baseline = this.baselines.get(id);
    if (!baseline) {
      const watchStart = intervalOpenTime('OneMinute', toUnixSeconds(this.now() as UnixMillis));
      if (candle.time < watchStart) return undefined;
      // A candle of a later minute than the watch's first: nothing is known of that first minute's
      // extremes, and this candle is entirely after the watch began.
      baseline =
        candle.time === watchStart
          ? { time: candle.time, high: candle.high, low: candle.low }
          : { time: watchStart, high: Number.POSITIVE_INFINITY, low: Number.NEGATIVE_INFINITY };
      this.baselines.set(id, baseline);
    }
    const high = priceSeenSince(baseline, candle, 'up');
    const low = priceSeenSince(baseline, candle, 'down');
    return high === undefined || low === undefined ? undefined : { high, low };
  }
}
