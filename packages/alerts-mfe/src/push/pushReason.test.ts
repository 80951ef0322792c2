import { describe, expect, it } from '@jest/globals';
import { pushReason } from './pushReason';

describe('pushReason', () => {
  it('says nothing while push is active', () => {
    expect(pushReason({ status: 'active' })).toBeUndefined();
  });

  it('gives each state its own reason, agreeing with the banner', () => {
    const reasons = [
      pushReason({ status: 'unloaded' }),
      pushReason({ status: 'inactive' }),
      pushReason({ status: 'inactive', problem: { kind: 'registering' } }),
      pushReason({ status: 'inactive', problem: { kind: 'denied' } }),
      pushReason({ status: 'inactive', problem: { kind: 'unavailable', detail: 'x' } }),
      pushReason({ status: 'inactive', problem: { kind: 'failed', detail: 'x' } }),
    ];
    expect(reasons).toEqual([
      'Alerts need push notifications, which this browser does not support.',
      'Push notifications are off in this browser.',
      'Registering this browser for push notifications…',
      'Alerts need notifications, which are blocked for this site.',
      'Alerts need push notifications, which this window cannot receive.',
      'Alerts need this browser registered for push notifications.',
    ]);
  });
});
