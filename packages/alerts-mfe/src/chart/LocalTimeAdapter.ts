import {
  type Candle,
  type Interval,
  type RsiCandle,
  type UnixSeconds,
  hasRsiValue,
  intervalShowsTime,
} from '@pairwatch/domain';
import { type CandlestickData, type UTCTimestamp, type WhitespaceData } from 'lightweight-charts';

/** A bar as the chart library takes it. */
export type ChartBar = CandlestickData<UTCTimestamp> | WhitespaceData<UTCTimestamp>;

/**
 * The one place where candle times cross between UTC (the api, the history, alerts) and the
 * chart's axis, which shows local wall time.
 *
 * @remarks lightweight-charts renders timestamps as UTC and has no time-zone option, so intraday
 * bars are shifted by the local UTC offset on the way in and unshifted on the way out. NOTE: the
 * offset is fixed for the adapter's lifetime (one chart session) instead of being looked up per
 * bar: a per-bar offset maps the repeated hour of a daylight-saving fall-back onto itself, which
 * breaks the strictly increasing times the chart requires, and makes the inverse ambiguous.
 * Day, week and month bars open at UTC midnight and are not shifted, so their dates stay right.
 */
export class LocalTimeAdapter {
  private readonly shiftSeconds: number;

  /**
   * @param interval - the chart interval; only intervals with clock times are shifted.
   * @param utcOffsetMinutes - local time minus UTC in minutes (e.g. 120 for UTC+2); defaults to
   * the browser's current offset.
   */
  constructor(interval: Interval, utcOffsetMinutes: number = -new Date().getTimezoneOffset()) {
    this.shiftSeconds = intervalShowsTime(interval) ? utcOffsetMinutes * 60 : 0;
  }

  /** UTC open time → chart time (local wall time expressed as a UTC timestamp). */
  toChart(time: UnixSeconds): UTCTimestamp {
    return (time + this.shiftSeconds) as UTCTimestamp;
  }

  /** Chart time → UTC open time; the exact inverse of {@link toChart}. */
  toUtc(time: number): UnixSeconds {
    return (time - this.shiftSeconds) as UnixSeconds;
  }

  /** A candle as a chart bar. */
  candleToChart(candle: Candle): CandlestickData<UTCTimestamp> {
    return {
      time: this.toChart(candle.time),
      open: candle.open,
      high: candle.high,
      low: candle.low,
      close: candle.close,
    };
  }

  /** An RSI candle as a chart bar; warm-up bars stay whitespace so both panes share one axis. */
  rsiToChart(rsi: RsiCandle): ChartBar {
    const time = this.toChart(rsi.time);
    if (!hasRsiValue(rsi)) return { time };
    return { time, open: rsi.open, high: rsi.high, low: rsi.low, close: rsi.close };
  }
}
