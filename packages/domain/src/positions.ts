/**
 * A hypothetical position as the Positions screen keeps it in the browser: its sides, why it
 * ended, and whether it is still open. Its PnL and take-profit rule are in `pnl.ts`.
 *
 * @module
 */
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

/** Whether the position is still open (it has no end reason yet). */
export function isPositionOpen(position: Position): boolean {
  return position.endReason === undefined;
}
