import { describe, expect, it } from '@jest/globals';
import { DEFAULT_SYMBOL_CATALOGUE } from '@pairwatch/domain';
import { chartPriceFormat } from './chartPriceFormat';
import { describeLegendBar } from './describeLegendBar';

describe('chartPriceFormat', () => {
  it('writes prices with thousands separators at the pair’s precision', () => {
    const { formatter } = chartPriceFormat({ precision: 2, minMove: 0.01 });
    expect([87_600, 1_234_567.891, 3000.5, 0, -1250].map(formatter)).toEqual([
      '87,600.00',
      '1,234,567.89',
      '3,000.50',
      '0.00',
      '-1,250.00',
    ]);
    expect(chartPriceFormat({ precision: 5, minMove: 0.00001 }).formatter(0.123456)).toBe(
      '0.12346',
    );
  });

  it('keeps the pair’s tick as the axis’ step', () => {
    expect(chartPriceFormat(DEFAULT_SYMBOL_CATALOGUE.DOGEUSDT.priceFormat)).toMatchObject({
      type: 'custom',
      minMove: DEFAULT_SYMBOL_CATALOGUE.DOGEUSDT.priceFormat.minMove,
    });
  });

  it('writes a close exactly as the legend does', () => {
    const bar = { open: 87_000, high: 88_123.4, low: 86_999.99, close: 87_654.32 };
    for (const symbol of ['BTCUSDT', 'DOGEUSDT', 'ETHUSDT'] as const) {
      const format = DEFAULT_SYMBOL_CATALOGUE[symbol].priceFormat;
      const legend = describeLegendBar(bar, undefined, format.precision);
      expect(chartPriceFormat(format).formatter(bar.close)).toBe(legend.close);
      expect(chartPriceFormat(format).formatter(bar.high)).toBe(legend.high);
    }
  });
});
