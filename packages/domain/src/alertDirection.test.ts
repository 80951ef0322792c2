import { describe, expect, it } from '@jest/globals';
import { alertDirection, alertFires, describeAlertTrigger } from './index';

describe('alert direction', () => {
  it('is up when the target is above the value at creation, else down', () => {
    expect(alertDirection(60000, 65000)).toBe('up');
    expect(alertDirection(60000, 55000)).toBe('down');
    expect(alertDirection(60000, 60000)).toBe('down');
  });

  it('fires at or beyond the target in its direction only', () => {
    expect(alertFires('up', 65000, 64999.99)).toBe(false);
    expect(alertFires('up', 65000, 65000)).toBe(true);
    expect(alertFires('down', 30, 30.01)).toBe(false);
    expect(alertFires('down', 30, 29)).toBe(true);
  });
});

describe('describeAlertTrigger', () => {
  it('says what a price alert did, in the symbol format', () => {
    const text = describeAlertTrigger(
      { symbol: 'BTCUSDT', type: 'Price', valueOnCreation: 60000, valueTarget: 65000 },
      65000,
    );
    expect(text.body).toBe('BTCUSDT price rose to 65,000.00');
  });

  it('names the interval of an RSI alert', () => {
    const text = describeAlertTrigger(
      { symbol: 'ETHUSDT', type: 'Rsi', interval: 'OneHour', valueOnCreation: 45, valueTarget: 30 },
      29.996,
    );
    expect(text.body).toBe('ETHUSDT RSI (1h) dropped to 30.00');
  });
});
