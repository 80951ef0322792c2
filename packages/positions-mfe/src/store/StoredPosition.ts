import { type Position } from '@pairwatch/domain';

/** Whether a stored position is still open; indexed from schema version 2 on. */
export type PositionState = 'open' | 'ended';

/**
 * A position as IndexedDB holds it: the domain `Position` plus `state`, derived from `endReason` on
 * every write, because IndexedDB cannot index a missing field (open positions have no `endReason`).
 */
export type StoredPosition = Position & { readonly state: PositionState };

/** Adds the derived `state` index field to a position before it is written. */
export function toStoredPosition(position: Position): StoredPosition {
  return { ...position, state: position.endReason === undefined ? 'open' : 'ended' };
}

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
