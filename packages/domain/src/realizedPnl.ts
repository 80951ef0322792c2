import { type Position } from './Position';
import { type Pnl, computePnl } from './computePnl';

/** PnL of an ended position (at its end price), or `undefined` for an open one. */
export function realizedPnl(position: Position): Pnl | undefined {
  if (position.endPrice === undefined) return undefined;
  return computePnl(position.side, position.price, position.endPrice, position.amount);
}
