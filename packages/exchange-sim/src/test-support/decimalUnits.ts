/** A Binance 8-decimal string as an exact integer of 1e-8 units (for exact sums in tests). */
export function decimalUnits(text: string): bigint {
  const match = /^(-?)(\d+)\.(\d{8})$/.exec(text);
  if (!match) throw new Error(`not an 8-decimal Binance number: '${text}'`);
  const units = BigInt(`${match[2]}${match[3]}`);
  return match[1] === '-' ? -units : units;
}
