import { type Candle, type RsiCandle, RsiCalculator } from '@pairwatch/domain';

/** What a live candle did to the history. */
export type LiveCandleChange =
  | { readonly kind: 'replace' | 'append'; readonly candle: Candle; readonly rsi: RsiCandle }
  /** Older than the last bar: the chart cannot rewrite the past with `update`, so it is dropped. */
  | { readonly kind: 'stale' };

/** The result of prepending an older page. */
export interface PrependResult {
  /** How many bars were actually new (overlap with what is loaded is dropped). */
  readonly added: number;
}

/**
 * The candles and RSI candles the chart shows (UTC times, oldest first), kept free of the chart
 * library so the replace/append, merge and RSI rules are testable on their own.
 *
 * @remarks Live updates go through the RSI calculator's incremental step: a bar with the same time
 * as the last one is recomputed from the averages before it, a new time appends. Prepending older
 * history changes every RSI value after it (Wilder smoothing carries state forward), so a prepend
 * recomputes the whole RSI series once.
 */
export class CandleHistory {
  private candleList: Candle[] = [];
  private rsiList: RsiCandle[] = [];
  private readonly calculator = new RsiCalculator();

  /** The loaded candles, oldest first. */
  get candles(): readonly Candle[] {
    return this.candleList;
  }

  /** One RSI candle per loaded candle (whitespace `{ time }` for the warm-up bars). */
  get rsi(): readonly RsiCandle[] {
    return this.rsiList;
  }

  get length(): number {
    return this.candleList.length;
  }

  /** The oldest loaded candle, if any. */
  get earliest(): Candle | undefined {
    return this.candleList[0];
  }

  /** The newest loaded candle, if any. */
  get latest(): Candle | undefined {
    return this.candleList[this.candleList.length - 1];
  }

  /** Index of the candle opening at `time` (UTC), or -1 when none is loaded (binary search). */
  indexOf(time: number): number {
    let low = 0;
    let high = this.candleList.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const found = this.candleList[middle]?.time;
      if (found === undefined || found === time) return found === undefined ? -1 : middle;
      if (found < time) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  }

  /** Replaces everything with a page of candles (sorted and deduplicated by time). */
  load(candles: readonly Candle[]): void {
    this.candleList = normalize(candles);
    this.rsiList = this.calculator.load(this.candleList);
  }

  /** Forgets all data. */
  clear(): void {
    this.load([]);
  }

  /**
   * Adds an older page in front of the loaded candles. Bars at or after the earliest loaded time
   * are dropped (the loaded ones are newer information), so overlapping pages never duplicate.
   */
  prepend(older: readonly Candle[]): PrependResult {
    const earliest = this.earliest;
    const fresh = normalize(older).filter(
      (candle) => earliest === undefined || candle.time < earliest.time,
    );
    if (fresh.length === 0) return { added: 0 };
    this.candleList = [...fresh, ...this.candleList];
    this.rsiList = this.calculator.load(this.candleList);
    return { added: fresh.length };
  }

  /** Applies a live candle: same time as the last bar → replace, newer → append, older → stale. */
  applyLive(candle: Candle): LiveCandleChange {
    const latest = this.latest;
    if (latest !== undefined && candle.time < latest.time) return { kind: 'stale' };
    const kind = latest !== undefined && candle.time === latest.time ? 'replace' : 'append';
    const rsi = this.calculator.update(candle);
    if (kind === 'replace') {
      this.candleList[this.candleList.length - 1] = candle;
      this.rsiList[this.rsiList.length - 1] = rsi;
    } else {
      this.candleList.push(candle);
      this.rsiList.push(rsi);
    }
    return { kind, candle, rsi };
  }
}

/** Oldest first with one bar per time; for equal times the later entry wins. */
function normalize(candles: readonly Candle[]): Candle[] {
  const byTime = new Map<number, Candle>();
  for (const candle of candles) byTime.set(candle.time, candle);
  return [...byTime.values()].sort((a, b) => a.time - b.time);
}
