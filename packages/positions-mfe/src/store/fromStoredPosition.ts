import { type Position } from '@pairwatch/domain';
import { type StoredPosition } from './StoredPosition';

/** Strips storage-only fields, so callers only ever see the domain `Position`. */
export function fromStoredPosition(stored: StoredPosition): Position {
  const { id, symbol, side, amount, price, tp, endReason, endPrice } = stored;
  return {
    id,
    symbol,
    side,
    amount,
    price,
    tp,
    ...(endReason === undefined ? {} : { endReason }),
    ...(endPrice === undefined ? {} : { endPrice }),
  };
}
