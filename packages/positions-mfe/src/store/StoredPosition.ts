import { type Position } from '@pairwatch/domain';

/** Whether a stored position is still open; indexed from schema version 2 on. */
export type PositionState = 'open' | 'ended';

/**
 * A position as IndexedDB holds it: the domain `Position` plus `state`, derived from `endReason` on
 * every write, because IndexedDB cannot index a missing field (open positions have no `endReason`).
 */
export type StoredPosition = Position & { readonly state: PositionState };
