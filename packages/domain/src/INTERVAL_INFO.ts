import { type Interval } from './Interval';

/** A Binance kline interval code. */
export type BinanceIntervalCode = '1m' | '5m' | '15m' | '1h' | '4h' | '1d' | '1w' | '1M';

/** Static facts about one interval. */
export interface IntervalInfo {
  readonly interval: Interval;
  /** What the interval picker shows (1m…1M). */
  readonly label: string;
  readonly binanceCode: BinanceIntervalCode;
  /** Nominal length in seconds; a month is 30 days here, use `nextIntervalOpen` for real bounds. */
  readonly seconds: number;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Facts per interval. */
export const INTERVAL_INFO: Readonly<Record<Interval, IntervalInfo>> = {
  OneMinute: { interval: 'OneMinute', label: '1m', binanceCode: '1m', seconds: MINUTE },
  FiveMinutes: { interval: 'FiveMinutes', label: '5m', binanceCode: '5m', seconds: 5 * MINUTE },
  FifteenMinutes: {
    interval: 'FifteenMinutes',
    label: '15m',
    binanceCode: '15m',
    seconds: 15 * MINUTE,
  },
  OneHour: { interval: 'OneHour', label: '1h', binanceCode: '1h', seconds: HOUR },
  FourHour: { interval: 'FourHour', label: '4h', binanceCode: '4h', seconds: 4 * HOUR },
  OneDay: { interval: 'OneDay', label: '1d', binanceCode: '1d', seconds: DAY },
  OneWeek: { interval: 'OneWeek', label: '1w', binanceCode: '1w', seconds: 7 * DAY },
  OneMonth: { interval: 'OneMonth', label: '1M', binanceCode: '1M', seconds: 30 * DAY },
};
