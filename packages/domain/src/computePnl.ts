import { type PositionSide } from './Position';

/** Profit and loss in the quote asset and in percent of the entry. */
export interface Pnl {
  readonly amount: number;
  readonly percent: number;
}

/**
 * PnL of moving from `entry` to `exit`: Buy = (exit − entry) × amount, Sell the reverse; percent =
 * (exit − entry) / entry × 100, negated for Sell.
 */
export function computePnl(side: PositionSide, entry: number, exit: number, amount: number): Pnl {
  const sign = side === 'Buy' ? 1 : -1;
  return {
    amount: sign * (exit - entry) * amount,
    percent: (sign * (exit - entry) * 100) / entry,
  };
}
