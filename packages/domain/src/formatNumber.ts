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
