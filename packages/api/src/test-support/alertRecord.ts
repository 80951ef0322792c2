import { type UnixMillis, type UnixSeconds } from '@pairwatch/domain';
import { type AlertRecord } from '../storage/AlertStore';

/**
 * An active bullish BTCUSDT price alert (60,000 → 70,000) of `ownerId` (a browser's subscription
 * id is its owner id), going to every channel of its owner, for tests and benches that store one.
 */
export function alertRecord(
  id: string,
  ownerId: string,
  overrides: Partial<AlertRecord> = {},
): AlertRecord {
  return {
    id,
    ownerId,
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
    channels: undefined,
    ...overrides,
  };
}
