import { type Alert } from '@pairwatch/domain';

/** An active BTCUSDT price alert, with any field overridden. */
export function anAlert(overrides: Partial<Alert> = {}): Alert {
  return {
    id: 'alert-1',
    symbol: 'BTCUSDT',
    type: 'Price',
    valueOnCreation: 60000,
    valueTarget: 65000,
    status: 'Active',
    createdAt: '2025-01-01T10:00:00.000Z',
    ...overrides,
  };
}
