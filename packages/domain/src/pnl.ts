import { type SymbolId } from './symbols';

/** The side of a position. */
export type PositionSide = 'Buy' | 'Sell';

/** The sides, in the form's order. */
export const POSITION_SIDES: readonly PositionSide[] = ['Buy', 'Sell'];

/** Why a position ended: closed by hand, or filled at its take profit. */
export type PositionEndReason = 'Closed' | 'Filled';

/** A hypothetical position, stored only in the browser. Open while `endReason` is absent. */
export interface Position {
  readonly id: number;
  readonly symbol: SymbolId;
  readonly side: PositionSide;
  readonly amount: number;
  /** Entry price. */
  readonly price: number;
  /** Take-profit price. */
  readonly tp: number;
  readonly endReason?: PositionEndReason;
  readonly endPrice?: number;
}

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

/** Whether the position has ended. */
export function isPositionOpen(position: Position): boolean {
  return position.endReason === undefined;
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
