/**
 * RSI (Wilder smoothing) as the product draws and alerts on it: the levels, the RSI candle of the
 * chart's RSI pane, and the incremental calculator the chart and the api's alert engine share, so
 * both see the same values.
 *
 * @module
 */
import { type Candle } from './candles';
import { type UnixSeconds } from './time';

/** The spec's RSI lookback. */
export const RSI_LOOKBACK = 14;

/** The upper RSI guide line drawn on the RSI pane. */
export const RSI_OVERBOUGHT = 70;

/** The lower RSI guide line drawn on the RSI pane. */
export const RSI_OVERSOLD = 30;

/**
 * One bar of the RSI pane: the RSI of the bar's open, high, low and close against the previous
 * close, or `{ time }` alone (whitespace) while the lookback warms up.
 */
export type RsiCandle =
  | { readonly time: UnixSeconds }
  | {
      readonly time: UnixSeconds;
      readonly open: number;
      readonly high: number;
      readonly low: number;
      readonly close: number;
    };

/** Whether an RSI candle carries values (false for warm-up bars). */
export function hasRsiValue(
  candle: RsiCandle,
): candle is Extract<RsiCandle, { readonly open: number }> {
  return 'close' in candle;
}

/**
 * RSI from average gain and loss: `100 − 100 / (1 + gain / loss)`, where a zero average loss
 * counts as a ratio of 100, as the product spec defines it.
 *
 * @remarks Exported for this module's tests only; not part of the package's surface (`index.ts`).
 */
export function rsiFromAverages(averageGain: number, averageLoss: number): number {
  const ratio = averageLoss === 0 ? 100 : averageGain / averageLoss;
  return 100 - 100 / (1 + ratio);
}

/** The carried Wilder state after a bar. */
interface RsiState {
  /** Number of bars seen. */
  readonly count: number;
  readonly close: number;
  /**
   * `averageGain × (lookback − 1)` — the term Wilder's step adds the next gain to. While warming
   * up it is the plain sum of the gains so far, which makes the first average the simple mean of
   * `lookback` changes (the seed) through the very same step.
   */
  readonly gainCarry: number;
  readonly lossCarry: number;
  /** RSI of the close, once warm. */
  readonly rsi: number | undefined;
}

const EMPTY: RsiState = { count: 0, close: 0, gainCarry: 0, lossCarry: 0, rsi: undefined };

/**
 * Incremental RSI (Wilder smoothing) that appends a bar or replaces the forming one.
 *
 * @remarks The first value is at index `lookback`: the averages are seeded with the mean of
 * `lookback` price changes. The o/h/l/c of an RSI candle are each computed from the previous bar's
 * averages with the change `price − previous close`; only the close carries forward. Replacing the
 * forming bar restarts from the state before it, so any sequence of updates gives exactly what a
 * full recomputation of the final series gives.
 * @example
 * ```ts
 * const rsi = new RsiCalculator();
 * const history = rsi.load(candles);        // one RsiCandle per candle
 * const live = rsi.update(formingCandle);   // same time as the last → replaces it
 * ```
 */
export class RsiCalculator {
  private before: RsiState = EMPTY;
  private after: RsiState = EMPTY;
  private lastTime: UnixSeconds | undefined;

  /** @param lookback - periods of smoothing, an integer ≥ 1 (default 14). */
  constructor(readonly lookback: number = RSI_LOOKBACK) {
    if (!Number.isInteger(lookback) || lookback < 1) {
      throw new RangeError(`RSI lookback must be an integer ≥ 1, got ${lookback}`);
    }
  }

  /** Number of bars in the series. */
  get length(): number {
    return this.after.count;
  }

  /** The RSI of the latest close, or `undefined` during warm-up. */
  get latest(): number | undefined {
    return this.after.rsi;
  }

  /** Forgets everything and computes the RSI candles of a whole series (oldest first). */
  load(candles: readonly Candle[]): RsiCandle[] {
    this.before = EMPTY;
    this.after = EMPTY;
    this.lastTime = undefined;
    return candles.map((candle) => this.update(candle));
  }

  /**
   * Adds a bar (new time) or replaces the last one (same time) and returns its RSI candle.
   *
   * @throws RangeError when `candle.time` is older than the last bar.
   */
  update(candle: Candle): RsiCandle {
    if (this.lastTime !== undefined && candle.time < this.lastTime) {
      throw new RangeError(
        `RSI update out of order: time ${candle.time} is before the last bar ${this.lastTime}`,
      );
    }
    if (this.lastTime === undefined || candle.time > this.lastTime) {
      this.before = this.after;
    }
    this.lastTime = candle.time;
    const before = this.before;
    const index = before.count;
    if (index === 0) {
      this.after = { ...EMPTY, count: 1, close: candle.close };
      return { time: candle.time };
    }
    const change = candle.close - before.close;
    const gain = Math.max(change, 0);
    const loss = Math.max(-change, 0);
    const warm = index >= this.lookback;
    const averageGain = (before.gainCarry + gain) / this.lookback;
    const averageLoss = (before.lossCarry + loss) / this.lookback;
    const close = warm ? rsiFromAverages(averageGain, averageLoss) : undefined;
    this.after = {
      count: index + 1,
      close: candle.close,
      // While warming up the carry is a running sum; from the seed on it is average × (n − 1).
      gainCarry: warm ? averageGain * (this.lookback - 1) : before.gainCarry + gain,
      lossCarry: warm ? averageLoss * (this.lookback - 1) : before.lossCarry + loss,
      rsi: close,
    };
    if (close === undefined) return { time: candle.time };
    const at = (price: number): number => {
      const diff = price - before.close;
      return rsiFromAverages(
        (before.gainCarry + Math.max(diff, 0)) / this.lookback,
        (before.lossCarry + Math.max(-diff, 0)) / this.lookback,
      );
    };
    return {
      time: candle.time,
      open: at(candle.open),
      high: at(candle.high),
      low: at(candle.low),
      close,
    };
  }
}

/**
 * The RSI candles of a series: one entry per candle, `{ time }` alone for the first `lookback`
 * (warm-up) bars, else `{ time, open, high, low, close }` in RSI units.
 *
 * @param candles - oldest first, strictly increasing times.
 * @param lookback - default 14.
 */
export function computeRsiCandles(
  candles: readonly Candle[],
  lookback: number = RSI_LOOKBACK,
): RsiCandle[] {
  return new RsiCalculator(lookback).load(candles);
}
