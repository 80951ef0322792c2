import { formatNumber } from '@pairwatch/domain';

/** The prices of one bar, as the legend reads them. */
export interface LegendBarInput {
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
}

/** One bar's legend texts, in the symbol's price format. */
export interface LegendBar {
  readonly open: string;
  readonly high: string;
  readonly low: string;
  readonly close: string;
  /** Close minus the previous close, signed: "+120.50", "-3.10", "0.00". */
  readonly change: string;
  /** The change against the previous close, signed, 2 decimals: "(+0.14%)". */
  readonly changePercent: string;
  /** Which colour the change takes. */
  readonly trend: 'up' | 'down' | 'flat';
}

function signed(value: number, precision: number): string {
  const text = formatNumber(value, precision);
  return value > 0 ? `+${text}` : text;
}

/**
 * The legend's texts for a bar: its O/H/L/C and its change from the previous bar's close, as
 * TradingView shows them. Without a previous bar (the oldest loaded one) the change is measured
 * from the bar's own open.
 *
 * @param precision - decimals of the symbol's price format.
 * @example describeLegendBar({ open: 100, high: 110, low: 95, close: 105 }, 100, 2).change → "+5.00"
 */
export function describeLegendBar(
  bar: LegendBarInput,
  previousClose: number | undefined,
  precision: number,
): LegendBar {
  const base = previousClose ?? bar.open;
  // Rounded to the price format first, so float noise (0.1 + 0.2) never shows as "-0.00" or as a
  // red change of nothing.
  const change = Number((bar.close - base).toFixed(precision));
  const percent = base === 0 ? 0 : Number(((change / base) * 100).toFixed(2));
  return {
    open: formatNumber(bar.open, precision),
    high: formatNumber(bar.high, precision),
    low: formatNumber(bar.low, precision),
    close: formatNumber(bar.close, precision),
    change: change === 0 ? formatNumber(0, precision) : signed(change, precision),
    changePercent: `(${percent === 0 ? formatNumber(0, 2) : signed(percent, 2)}%)`,
    trend: change > 0 ? 'up' : change < 0 ? 'down' : 'flat',
  };
}
