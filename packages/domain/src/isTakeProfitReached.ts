import { type Position } from './Position';

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
