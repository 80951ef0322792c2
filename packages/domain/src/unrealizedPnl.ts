import { type Position } from './Position';
import { type Pnl, computePnl } from './computePnl';

/** PnL of an open position at `price`, or `undefined` when no price is known yet. */
export function unrealizedPnl(position: Position, price: number | undefined): Pnl | undefined {
  if (price === undefined || !Number.isFinite(price)) return undefined;
  return computePnl(position.side, position.price, price, position.amount);
}
