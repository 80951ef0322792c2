import { describe, expect, it } from '@jest/globals';
import { DEFAULT_SYMBOL_CATALOGUE, DEFAULT_SYMBOLS } from '@pairwatch/domain';
import { describeLegendBar } from './describeLegendBar';

describe('describeLegendBar', () => {
  it('formats O/H/L/C with grouping and the change from the previous close', () => {
    expect(
      describeLegendBar(
        { open: 87_000, high: 87_250.5, low: 86_900.25, close: 87_120.5 },
        87_000,
        2,
      ),
    ).toEqual({
      open: '87,000.00',
      high: '87,250.50',
      low: '86,900.25',
      close: '87,120.50',
      change: '+120.50',
      changePercent: '(+0.14%)',
      trend: 'up',
    });
  });

  it('shows a fall in red terms: negative change and percent', () => {
    const bar = describeLegendBar({ open: 10, high: 10, low: 9, close: 9.5 }, 10, 2);
    expect([bar.change, bar.changePercent, bar.trend]).toEqual(['-0.50', '(-5.00%)', 'down']);
  });

  it('measures the oldest bar from its own open', () => {
    const bar = describeLegendBar({ open: 100, high: 104, low: 99, close: 103 }, undefined, 2);
    expect([bar.change, bar.changePercent]).toEqual(['+3.00', '(+3.00%)']);
  });

  it('never shows float noise as a move: 0.1 + 0.2 against 0.3 is flat', () => {
    const bar = describeLegendBar({ open: 0.3, high: 0.3, low: 0.3, close: 0.1 + 0.2 }, 0.3, 4);
    expect([bar.change, bar.changePercent, bar.trend]).toEqual(['0.0000', '(0.00%)', 'flat']);
  });

  it('uses each symbol’s own precision', () => {
    for (const symbol of DEFAULT_SYMBOLS) {
      const { precision } = DEFAULT_SYMBOL_CATALOGUE[symbol].priceFormat;
      const bar = describeLegendBar({ open: 1, high: 2, low: 0.5, close: 1.5 }, 1, precision);
      const decimals = (text: string) => text.split('.')[1]?.length ?? 0;
      expect([symbol, decimals(bar.open), decimals(bar.close), decimals(bar.change)]).toEqual([
        symbol,
        precision,
        precision,
        precision,
      ]);
    }
  });

  it('keeps a zero previous close from dividing by zero', () => {
    expect(describeLegendBar({ open: 0, high: 1, low: 0, close: 1 }, 0, 2).changePercent).toBe(
      '(0.00%)',
    );
  });
});
