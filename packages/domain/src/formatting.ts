/**
 * Numbers as the product shows them: grouped, with a fixed number of decimals (prices, RSI), or
 * with as many as a typed value needs (amounts, targets).
 *
 * @module
 */

// One Intl.NumberFormat per precision, built on first use: building one costs far more than
// formatting with it, and prices are formatted on every tick.
const formatters = new Map<number, Intl.NumberFormat>();

/**
 * Formats a number with grouping and a fixed number of decimals, as prices are shown
 * everywhere in the product: `formatNumber(65000, 2)` → `"65,000.00"`.
 */
export function formatNumber(value: number, precision: number): string {
  let formatter = formatters.get(precision);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: precision,
      maximumFractionDigits: precision,
    });
    formatters.set(precision, formatter);
  }
  return formatter.format(value);
}

/**
 * Formats a value a person typed (an amount, a target) with at least `minPrecision` decimals and
 * as many more as it needs to show exactly, up to `maxPrecision`: `1000.7` DOGE with a step of 1
 * is "1,000.7", not "1,001"; a target of `1e-8` is "0.00000001", not "0.00".
 *
 * @example `formatAsEntered(1000.7, 0)` → `"1,000.7"`; `formatAsEntered(65000, 2)` → `"65,000.00"`
 */
export function formatAsEntered(value: number, minPrecision: number, maxPrecision = 10): string {
  let precision = Math.min(minPrecision, maxPrecision);
  while (precision < maxPrecision && Number(value.toFixed(precision)) !== value) precision += 1;
  return formatNumber(value, precision);
}
