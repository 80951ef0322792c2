const POWERS = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8];

/**
 * Writes an integer amount of units of 10^-decimals as Binance writes decimals: a string with
 * exactly eight decimals, e.g. `formatUnits(4351934, 2)` → `"43519.34000000"`. Exact (integer
 * arithmetic within the safe range), and cheap: REST answers write nine of these per kline.
 */
export function formatUnits(units: number, decimals: number): string {
  if (!Number.isSafeInteger(units)) {
    throw new RangeError(`formatUnits needs a safe integer, got ${units}`);
  }
  const scale = POWERS[decimals];
  if (scale === undefined || !Number.isInteger(decimals)) {
    throw new RangeError(`Unsupported decimals ${decimals}`);
  }
  const magnitude = Math.abs(units);
  let whole = Math.floor(magnitude / scale);
  let remainder = magnitude - whole * scale;
  // The division may round across an integer for very large values; the products are exact.
  if (remainder < 0) {
    whole -= 1;
    remainder += scale;
  } else if (remainder >= scale) {
    whole += 1;
    remainder -= scale;
  }
  // The fraction in 1e-8 units, offset by 1e8 so that its digits come out zero-padded.
  const fraction = remainder * (1e8 / scale) + 1e8;
  return `${units < 0 ? '-' : ''}${whole}.${String(fraction).slice(1)}`;
}
