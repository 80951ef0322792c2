/**
 * Splits a non-negative integer `total` into integers proportional to `weights`, written to `out`,
 * that sum to `total` exactly. With `caps`, no part exceeds its cap (the caps must sum to at least
 * `total`). When no weight is positive the split is even.
 *
 * @throws RangeError when the caps cannot hold the total.
 */
export function splitInteger(
  total: number,
  weights: ArrayLike<number>,
  out: Float64Array,
  caps?: ArrayLike<number>,
): void {
  const n = weights.length;
  out.fill(0, 0, n);
  if (total <= 0 || n === 0) return;
  let weightSum = 0;
  for (let i = 0; i < n; i += 1) weightSum += Math.max(0, weights[i] ?? 0);
  const even = weightSum <= 0;
  let assigned = 0;
  for (let i = 0; i < n; i += 1) {
    const share = even ? 1 / n : Math.max(0, weights[i] ?? 0) / weightSum;
    let part = Math.floor(total * share);
    if (caps) part = Math.min(part, caps[i] ?? 0);
    out[i] = part;
    assigned += part;
  }
  // Hand the rounding remainder out in index order, honouring the caps.
  let remainder = total - assigned;
  while (remainder > 0) {
    let progressed = false;
    for (let i = 0; i < n && remainder > 0; i += 1) {
      const part = out[i] ?? 0;
      const room = caps ? (caps[i] ?? 0) - part : 1;
      if (room <= 0) continue;
      const add = Math.min(room, remainder);
      out[i] = part + add;
      remainder -= add;
      progressed = true;
    }
    if (!progressed) throw new RangeError(`splitInteger: the caps cannot hold ${total}`);
  }
}
