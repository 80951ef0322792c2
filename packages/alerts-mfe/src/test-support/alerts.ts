import { type AlertWithFirings } from '../alerts/AlertEntry';

/**
 * An active BTCUSDT price alert crossing 65,000 once, on 1-minute bars (what the reader makes of
 * an alert of the api before conditions), with any field overridden.
 */
export function anAlert(overrides: Partial<AlertWithFirings> = {}): AlertWithFirings {
  return {
    id: 'alert-1',
    symbol: 'BTCUSDT',
    type: 'Price',
    condition: 'Crossing',
    frequency: 'OnlyOnce',
    interval: 'OneMinute',
    valueOnCreation: 60000,
    valueTarget: 65000,
    status: 'Active',
    createdAt: '2025-01-01T10:00:00.000Z',
    triggerCount: 0,
    ...overrides,
  };
}
