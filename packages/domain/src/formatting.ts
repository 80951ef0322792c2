/**
 * Numbers as the product shows them: grouped, with a fixed number of decimals (prices, RSI), or
 * with as many as a typed value needs (amounts, targets).
 *
 * @module
 */

// One Intl.NumberFormat per precision, built on first use: building one costs far more than
// formatting with it. Only for what toFixed cannot write (see formatNumber).
const formatters = new Map<number, Intl.NumberFormat>();

function intlFormat(value: number, precision: number): string {
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

/** Three digits before the end of the integer part, or before another such group. */
const THOUSANDS = /\B(?=(\d{3})+$)/g;

/** Adds one to a string of decimal digits (`"0999"` → `"1000"`, `"99"` → `"100"`). */
function plusOne(digits: string): string {
  let i = digits.length - 1;
  while (i >= 0 && digits[i] === '9') i -= 1;
  if (i < 0) return `1${'0'.repeat(digits.length)}`;
  return `${digits.slice(0, i)}${Number(digits[i]) + 1}${'0'.repeat(digits.length - i - 1)}`;
}

/**
 * `abs` (≥ 0) with `precision` decimals, as Intl writes it: from the shortest decimal that reads
 * back as the number (`String(abs)`), rounded half away from zero. `undefined` when that decimal
 * is in exponent form (below 1e-6, from 1e21), which Intl is left to write.
 */
function fixedDigits(abs: number, precision: number): string | undefined {
  const shortest = String(abs);
  if (shortest.includes('e')) return undefined;
  const [whole = '0', fraction = ''] = shortest.split('.');
  let digits = whole + fraction.slice(0, precision).padEnd(precision, '0');
  if ((fraction[precision] ?? '0') >= '5') digits = plusOne(digits);
  const cut = digits.length - precision;
  const grouped = digits.slice(0, cut).replace(THOUSANDS, ',');
  return precision > 0 ? `${grouped}.${digits.slice(cut)}` : grouped;
}

/**
 * Formats a number with grouping and a fixed number of decimals, as prices are shown
 * everywhere in the product: `formatNumber(65000, 2)` → `"65,000.00"`.
 *
 * @remarks The text is en-US `Intl.NumberFormat`'s (a property test holds them equal), written
 * by hand: Intl's first use in a page sets up its locale data, ~25 ms that the first chart's
 * legend would wait for (`pnpm bench:web`). Intl still writes what is not a plain decimal (not
 * finite, below 1e-6, from 1e21).
 */
export function formatNumber(value: number, precision: number): string {
  const digits = Number.isFinite(value) ? fixedDigits(Math.abs(value), precision) : undefined;
  if (digits === undefined) return intlFormat(value, precision);
  // Intl keeps the sign of a negative number that rounds to zero, and of -0.
  return value < 0 || Object.is(value, -0) ? `-${digits}` : digits;
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
