import { describe, expect, it } from '@jest/globals';
import { DEFAULT_SYMBOL_CATALOGUE } from '@pairwatch/domain';
import { anAlert } from '../test-support/alerts';
import { formatAlertTarget } from './formatAlertTarget';

describe('formatAlertTarget', () => {
  it('writes a level as the price with its quote asset, as before conditions', () => {
    expect(formatAlertTarget(anAlert())).toBe('65,000.00 USDT');
  });

  it("writes a channel's bounds once with the unit, in the live format of the shown symbol", () => {
    const channel = anAlert({ condition: 'InsideChannel', valueTarget: 2300, valueUpper: 2400 });
    expect(formatAlertTarget(channel)).toBe('2,300.00–2,400.00 USDT');
    const live = {
      ...DEFAULT_SYMBOL_CATALOGUE.BTCUSDT,
      priceFormat: { precision: 3, minMove: 0.001 },
    };
    expect(formatAlertTarget(channel, live)).toBe('2,300.000–2,400.000 USDT');
  });

  it('writes an RSI channel with two decimals and no unit', () => {
    expect(
      formatAlertTarget(
        anAlert({ type: 'Rsi', condition: 'OutsideChannel', valueTarget: 30, valueUpper: 70 }),
      ),
    ).toBe('30.00–70.00');
  });

  it('writes a percent move as a percent, never as a price', () => {
    expect(
      formatAlertTarget(anAlert({ condition: 'MovingUpPercent', valueTarget: 5, bars: 3 })),
    ).toBe('5 %');
    expect(
      formatAlertTarget(anAlert({ condition: 'MovingDownPercent', valueTarget: 2.5, bars: 3 })),
    ).toBe('2.5 %');
  });
});
