import { formatNumber } from '@pairwatch/domain';

/** How far from the current price an entry may lie before the form asks to check it (percent). */
export const FAR_ENTRY_PERCENT = 50;

/**
 * The Add position form's warning (it does not block) for an entry more than
 * {@link FAR_ENTRY_PERCENT} % away from the pair's current price, which usually means a price typed
 * for another pair: "Entry is 96.6 % below the current price of 2,988.92 — check the pair".
 * `undefined` when the entry is near enough, or either price is unknown or not positive.
 *
 * @param precision - decimals of the pair's prices, for the current price as the app shows it.
 */
export function entryPriceWarning(
  entry: number,
  current: number | undefined,
  precision: number,
): string | undefined {
  if (current === undefined || !(current > 0) || !(entry > 0)) return undefined;
  const percent = ((entry - current) / current) * 100;
  if (Math.abs(percent) <= FAR_ENTRY_PERCENT) return undefined;
  const side = percent > 0 ? 'above' : 'below';
  return `Entry is ${formatNumber(Math.abs(percent), 1)} % ${side} the current price of ${formatNumber(current, precision)} — check the pair`;
}
