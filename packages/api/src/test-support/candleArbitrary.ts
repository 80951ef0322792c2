import { type UnixSeconds } from '@pairwatch/domain';
import fc from 'fast-check';

/** Any candle the JSON answers may hold: any doubles (NaN and ±Infinity too), volume or none. */
export const candleArbitrary = fc.record(
  {
    time: fc.integer({ min: 0, max: 4_102_444_800 }).map((time) => time as UnixSeconds),
    open: fc.double(),
    high: fc.double(),
    low: fc.double(),
    close: fc.double(),
    volume: fc.double(),
  },
  { requiredKeys: ['time', 'open', 'high', 'low', 'close'] },
);
