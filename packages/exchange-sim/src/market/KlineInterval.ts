import {
  intervalOpenTime,
  nextIntervalOpen,
  previousIntervalOpen,
  toUnixMillis,
  toUnixSeconds,
  type UnixMillis,
} from '@pairwatch/domain';

/** Every kline interval code Binance spot accepts (case-sensitive: `1m` minute, `1M` month). */
export const KLINE_CODES = [
  '1s',
  '1m',
  '3m',
  '5m',
  '15m',
  '30m',
  '1h',
  '2h',
  '4h',
  '6h',
  '8h',
  '12h',
  '1d',
  '3d',
  '1w',
  '1M',
] as const;

/** A Binance kline interval code. */
export type KlineCode = (typeof KLINE_CODES)[number];

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

const FIXED_MS: Readonly<Partial<Record<KlineCode, number>>> = {
  '1s': SECOND_MS,
  '1m': MINUTE_MS,
  '3m': 3 * MINUTE_MS,
  '5m': 5 * MINUTE_MS,
  '15m': 15 * MINUTE_MS,
  '30m': 30 * MINUTE_MS,
  '1h': HOUR_MS,
  '2h': 2 * HOUR_MS,
  '4h': 4 * HOUR_MS,
  '6h': 6 * HOUR_MS,
  '8h': 8 * HOUR_MS,
  '12h': 12 * HOUR_MS,
  '1d': DAY_MS,
  '3d': 3 * DAY_MS,
};

/**
 * Candle boundaries of one interval, optionally in a time zone (Binance's `timeZone` parameter:
 * boundaries are local, timestamps stay UTC). Fixed lengths align to the epoch, weeks open on
 * Monday 00:00 and months on the 1st 00:00 (domain's `intervalOpenTime`).
 */
export class KlineInterval {
  private constructor(
    readonly code: KlineCode,
    private readonly fixedMs: number | undefined,
  ) {}

  /** The interval of a code, or `undefined` when Binance would answer "Invalid interval.". */
  static parse(code: string): KlineInterval | undefined {
    if (!(KLINE_CODES as readonly string[]).includes(code)) return undefined;
    const known = code as KlineCode;
    return new KlineInterval(known, FIXED_MS[known]);
  }

  /** Nominal length in ms (a month counts 31 days, a week 7). */
  get nominalMs(): number {
    if (this.fixedMs !== undefined) return this.fixedMs;
    return this.code === '1w' ? 7 * DAY_MS : 31 * DAY_MS;
  }

  /** The open time of the candle containing `time` (ms), for a zone `offsetMs` east of UTC. */
  openTime(time: number, offsetMs = 0): number {
    const local = time + offsetMs;
    if (this.fixedMs !== undefined) {
      return Math.floor(local / this.fixedMs) * this.fixedMs - offsetMs;
    }
    const seconds = toUnixSeconds(local as UnixMillis);
    return toUnixMillis(intervalOpenTime(this.calendarInterval, seconds)) - offsetMs;
  }

  /** The open time of the candle after the one containing `time`. */
  nextOpen(time: number, offsetMs = 0): number {
    if (this.fixedMs !== undefined) return this.openTime(time, offsetMs) + this.fixedMs;
    const seconds = toUnixSeconds((time + offsetMs) as UnixMillis);
    return toUnixMillis(nextIntervalOpen(this.calendarInterval, seconds)) - offsetMs;
  }

  /** The open time of the candle before the one containing `time`. */
  previousOpen(time: number, offsetMs = 0): number {
    if (this.fixedMs !== undefined) return this.openTime(time, offsetMs) - this.fixedMs;
    const seconds = toUnixSeconds((time + offsetMs) as UnixMillis);
    return toUnixMillis(previousIntervalOpen(this.calendarInterval, seconds)) - offsetMs;
  }

  private get calendarInterval(): 'OneWeek' | 'OneMonth' {
    return this.code === '1w' ? 'OneWeek' : 'OneMonth';
  }
}

/**
 * Parses Binance's `timeZone` value (`0`, `8`, `-1:00`, `+05:45`; range −12:00 … +14:00) into an
 * offset east of UTC in ms (the `offsetMs` of `KlineInterval`'s methods), or `undefined` when it
 * is not valid.
 */
export function parseTimeZone(value: string): number | undefined {
  const match = /^([+-]?)(\d{1,2})(?::(\d{2}))?$/.exec(value);
  if (!match) return undefined;
  const hours = Number(match[2]);
  const minutes = match[3] === undefined ? 0 : Number(match[3]);
  if (minutes >= 60) return undefined;
  const sign = match[1] === '-' ? -1 : 1;
  const total = sign * (hours * 60 + minutes);
  if (total < -12 * 60 || total > 14 * 60) return undefined;
  return total * MINUTE_MS;
}
