import { type NumberFormat } from '@pairwatch/domain';
import { type AlertPane } from './alertLinesFor';

/**
 * The alert target a click at `value` on the chart stands for: a price rounded to the symbol's
 * tick (its `minMove`) and precision, or an RSI value rounded to 2 decimals within 0–100.
 * `undefined` for a price at or below zero (the pane can be scrolled there; no alert can be).
 */
export function alertTargetAt(
  pane: AlertPane,
  value: number,
  priceFormat: NumberFormat,
): number | undefined {
  if (!Number.isFinite(value)) return undefined;
  if (pane === 'rsi') return Number(Math.min(100, Math.max(0, value)).toFixed(2));
  const { minMove, precision } = priceFormat;
  const rounded = Number((Math.round(value / minMove) * minMove).toFixed(precision));
  return rounded > 0 ? rounded : undefined;
}
