/**
 * What a position earns and when it fills: PnL between two prices (open at a live price, ended at
 * its end price), the percent as users see it, and the take-profit fill rule.
 *
 * @module
 */
import { type Position, type PositionSide } from './positions';

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

/** PnL of an open position at `price`, or `undefined` when no price is known yet. */
export function unrealizedPnl(position: Position, price: number | undefined): Pnl | undefined {
  if (price === undefined || !Number.isFinite(price)) return undefined;
  return computePnl(position.side, position.price, price, position.amount);
}

/** PnL of an ended position (at its end price), or `undefined` for an open one. */
export function realizedPnl(position: Position): Pnl | undefined {
  if (position.endPrice === undefined) return undefined;
  return computePnl(position.side, position.price, position.endPrice, position.amount);
}

/** The percent shown to users: 2 decimals and a sign for gains, e.g. `+12.35%`, `-0.50%`. */
export function formatPnlPercent(percent: number): string {
  const fixed = percent.toFixed(2);
  const value = Number(fixed) === 0 ? '0.00' : fixed;
  return `${Number(value) > 0 ? '+' : ''}${value}%`;
}

/**
 * Whether a price range reaches the take profit: a Buy fills when the high reaches the TP from
 * below, a Sell when the low reaches it from above.
 */
export function isTakeProfitReached(
  position: Pick<Position, 'side' | 'tp'>,
  range: { readonly high: number; readonly low: number },
): boolean {
  return position.side === 'Buy' ? range.high >= position.tp : range.low <= position.tp;
}
