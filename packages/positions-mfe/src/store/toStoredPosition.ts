import { type Position } from '@pairwatch/domain';
import { type StoredPosition } from './StoredPosition';

/** Adds the derived `state` index field to a position before it is written. */
export function toStoredPosition(position: Position): StoredPosition {
  return { ...position, state: position.endReason === undefined ? 'open' : 'ended' };
}
