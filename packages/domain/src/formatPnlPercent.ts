/** The percent shown to users: 2 decimals and a sign for gains, e.g. `+12.35%`, `-0.50%`. */
export function formatPnlPercent(percent: number): string {
  const fixed = percent.toFixed(2);
  const value = Number(fixed) === 0 ? '0.00' : fixed;
  return `${Number(value) > 0 ? '+' : ''}${value}%`;
}
