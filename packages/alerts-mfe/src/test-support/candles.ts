import { type Candle, type UnixSeconds } from '@pairwatch/domain';

/** A candle at `time` (seconds) whose prices all derive from `close`. */
export function candle(time: number, close: number, spread = 1): Candle {
  return {
    time: time as UnixSeconds,
    open: close - spread / 2,
    high: close + spread,
    low: close - spread,
    close,
  };
}

/** `count` one-minute candles starting at `start` with a deterministic zig-zag close. */
export function minuteCandles(start: number, count: number, base = 100): Candle[] {
  return Array.from({ length: count }, (_, i) => candle(start + i * 60, base + ((i * 7) % 11) - 5));
}
