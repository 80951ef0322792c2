import { type Candle, type UnixSeconds } from '@pairwatch/domain';
import fc from 'fast-check';

/** One live update of a stream: the candle as it is now, and when it is observed (ms). */
export interface CandleUpdateAt {
  readonly candle: Candle;
  readonly at: number;
}

/** Open time of the first bar the generated streams start with (a minute boundary). */
export const STREAM_T0 = 1_700_000_040;

/**
 * Random updates of one 1-minute stream on a small price grid (touches, flat prices and wicks
 * happen often): each step updates the forming bar (its extremes only grow) or opens the next bar,
 * with or without a gap. `bars: 'byStep'` opens a bar when the step says so, while the clock moves
 * 5–`maxSeconds` s per update, so bars and minutes turn at different times (frequencies are judged
 * apart); `bars: 'byClock'` opens one when the clock enters the next minute, as on the market.
 */
export function candleUpdatesArbitrary(options: {
  readonly bars: 'byStep' | 'byClock';
  readonly minLength: number;
  readonly maxLength: number;
  readonly maxSeconds: number;
}): fc.Arbitrary<CandleUpdateAt[]> {
  return fc
    .array(
      fc.record({
        newBar: fc.boolean(),
        open: fc.integer({ min: 90, max: 110 }),
        up: fc.integer({ min: 0, max: 4 }),
        down: fc.integer({ min: 0, max: 4 }),
        close: fc.integer({ min: 0, max: 8 }),
        seconds: fc.integer({ min: 5, max: options.maxSeconds }),
      }),
      { minLength: options.minLength, maxLength: options.maxLength },
    )
    .map((steps) => {
      const updates: CandleUpdateAt[] = [];
      let bar: Candle | undefined;
      let at = STREAM_T0 * 1000;
      for (const step of steps) {
        at += step.seconds * 1000;
        const clockBar = STREAM_T0 + Math.floor((at / 1000 - STREAM_T0) / 60) * 60;
        const opens =
          bar === undefined || (options.bars === 'byStep' ? step.newBar : clockBar > bar.time);
        if (opens) {
          const time = (
            options.bars === 'byClock' ? clockBar : bar === undefined ? STREAM_T0 : bar.time + 60
          ) as UnixSeconds;
          const high = step.open + step.up;
          const low = step.open - step.down;
          bar = { time, open: step.open, high, low, close: Math.min(high, low + step.close) };
        } else {
          const current = bar!;
          const high = current.high + (step.up > 2 ? step.up - 2 : 0);
          const low = current.low - (step.down > 2 ? step.down - 2 : 0);
          bar = { ...current, high, low, close: Math.min(high, low + step.close) };
        }
        updates.push({ candle: bar, at });
      }
      return updates;
    });
}
