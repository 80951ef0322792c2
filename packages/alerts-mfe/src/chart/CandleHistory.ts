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
  private _candles: Candle[] = [];
  private _rsi: RsiCandle[] = [];
  private readonly _calculator = new RsiCalculator();

  /** The loaded candles, oldest first. */
  public get candles(): readonly Candle[] {
    return this._candles;
  }

  /** One RSI candle per loaded candle (whitespace `{ time }` for the warm-up bars). */
  public get rsi(): readonly RsiCandle[] {
    return this._rsi;
  }

  public get length(): number {
    return this._candles.length;
  }

  /** The oldest loaded candle, if any. */
  public get earliest(): Candle | undefined {
    return this._candles[0];
  }

  /** The newest loaded candle, if any. */
  public get latest(): Candle | undefined {
    return this._candles[this._candles.length - 1];
  }

  /** Index of the candle opening at `time` (UTC), or -1 when none is loaded (binary search). */
  public indexOf(time: number): number {
    let low = 0;
    let high = this._candles.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const found = this._candles[middle]?.time;
      if (found === undefined || found === time) return found === undefined ? -1 : middle;
      if (found < time) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  }

  /** Replaces everything with a page of candles (sorted and deduplicated by time). */
  public load(candles: readonly Candle[]): void {
    this._candles = normalize(candles);
    this._rsi = this._calculator.load(this._candles);
  }

  /** Forgets all data. */
  public clear(): void {
    this.load([]);
  }

  /**
   * Adds an older page in front of the loaded candles. Bars at or after the earliest loaded time
   * are dropped (the loaded ones are newer information), so overlapping pages never duplicate.
   */
  public prepend(older: readonly Candle[]): PrependResult {
    const earliest = this.earliest;
    const fresh = normalize(older).filter(
      (candle) => earliest === undefined || candle.time < earliest.time,
    );
    if (fresh.length === 0) return { added: 0 };
    this._candles = [...fresh, ...this._candles];
    this._rsi = this._calculator.load(this._candles);
    return { added: fresh.length };
  }

  /** Applies a live candle: same time as the last bar → replace, newer → append, older → stale. */
  public applyLive(candle: Candle): LiveCandleChange {
    const latest = this.latest;
    if (latest !== undefined && candle.time < latest.time) return { kind: 'stale' };
    const kind = latest !== undefined && candle.time === latest.time ? 'replace' : 'append';
    const rsi = this._calculator.update(candle);
    if (kind === 'replace') {
      this._candles[this._candles.length - 1] = candle;
      this._rsi[this._rsi.length - 1] = rsi;
    } else {
      this._candles.push(candle);
      this._rsi.push(rsi);
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
