import { type UnixMillis, type UnixSeconds } from '@pairwatch/domain';
import { type AlertRecord } from '../storage/AlertStore';

/**
 * An active bullish BTCUSDT price alert (60,000 → 70,000) of `subscriptionId`, for tests and
 * benches that store one.
 */
export function alertRecord(
  id: string,
  subscriptionId: string,
  overrides: Partial<AlertRecord> = {},
): AlertRecord {
  return {
    id,
    subscriptionId,
    symbol: 'BTCUSDT',
    type: 'Price',
    interval: 'OneMinute',
    direction: 'up',
    valueOnCreation: 60_000,
    valueTarget: 70_000,
    status: 'Active',
    createdAt: 0 as UnixMillis,
    triggeredAt: undefined,
    triggeredValue: undefined,
    condition: 'Crossing',
    frequency: 'OnlyOnce',
    valueUpper: undefined,
    bars: undefined,
    expiresAt: undefined,
    message: undefined,
    triggerCount: 0,
    lastFiredPeriod: undefined,
    creationCandleTime: 0 as UnixSeconds,
    creationHigh: 60_000,
    creationLow: 60_000,
    ...overrides,
  };
}
