import { CandleBlock } from './CandleBlock';
import { type Ohlcv } from './Ohlcv';
import { type SeededRandom } from './SeededRandom';

/** Share of the parent's range within which the path is pinned near the high and the low. */
const MARK_BAND = 0.15;
/** Largest number of children a bridge makes (minutes and seconds: 60). */
const MAX_CHILDREN = 64;

// Scratch space reused by every call (bridges run synchronously, one at a time).
const path = new Float64Array(MAX_CHILDREN + 1);
const walk = new Float64Array(MAX_CHILDREN + 1);
const activity = new Float64Array(MAX_CHILDREN);
const weights = new Float64Array(MAX_CHILDREN);

/**
 * Fills path[from+1 .. to] with a Brownian bridge from `fromValue` to `toValue`, rounded to whole
 * ticks and kept inside [low, high].
 */
function fillBridge(
  from: number,
  fromValue: number,
  to: number,
  toValue: number,
  stepSd: number,
  random: SeededRandom,
  low: number,
  high: number,
): void {
  const steps = to - from;
  let position = 0;
  for (let j = 1; j <= steps; j += 1) {
    position += stepSd * random.normal();
    walk[j] = position;
  }
  for (let j = 1; j < steps; j += 1) {
    const t = j / steps;
    const value = fromValue + (toValue - fromValue) * t + (walk[j] ?? 0) - position * t;
    path[from + j] = Math.min(high, Math.max(low, Math.round(value)));
  }
  path[to] = toValue;
}

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

/**
 * Splits one candle into `count` consecutive child candles (3 ≤ count ≤ 64) whose aggregate is
 * exactly the parent: the first child opens at the parent's open, the last closes at its close, one
 * child reaches the parent's high and one its low, no child leaves [low, high], and volumes, trades
 * and taker volumes are integer splits that sum to the parent's. The price path is a Brownian
 * bridge pinned at the open, near the high, near the low and at the close, so children look like a
 * real walk rather than noise around a line.
 */
export function bridgeCandles(parent: Ohlcv, count: number, random: SeededRandom): CandleBlock {
  if (!(count >= 3 && count <= MAX_CHILDREN)) {
    throw new RangeError(`bridgeCandles makes 3 to ${MAX_CHILDREN} children, not ${count}`);
  }
  const { open, high, low, close } = parent;
  const range = high - low;
  const stepSd = range / (2.5 * Math.sqrt(count));

  // Two distinct interior boundaries where the path passes near the high and near the low.
  const highAt = 1 + random.int(count - 1);
  let lowAt = 1 + random.int(count - 2);
  if (lowAt >= highAt) lowAt += 1;
  const highMark = high - Math.floor(random.next() * range * MARK_BAND);
  const lowMark = low + Math.floor(random.next() * range * MARK_BAND);

  path[0] = open;
  const [firstAt, firstMark, secondAt, secondMark] =
    highAt < lowAt ? [highAt, highMark, lowAt, lowMark] : [lowAt, lowMark, highAt, highMark];
  fillBridge(0, open, firstAt, firstMark, stepSd, random, low, high);
  fillBridge(firstAt, firstMark, secondAt, secondMark, stepSd, random, low, high);
  fillBridge(secondAt, secondMark, count, close, stepSd, random, low, high);

  const block = new CandleBlock(count);
  // Wicks average 0.4 step deviations (uniform draws: cheaper than normals, and look the same).
  const wick = stepSd * 0.8;
  for (let i = 0; i < count; i += 1) {
    const o = path[i] ?? open;
    const c = path[i + 1] ?? close;
    const childHigh = Math.min(high, Math.max(o, c) + Math.round(random.next() * wick));
    const childLow = Math.max(low, Math.min(o, c) - Math.round(random.next() * wick));
    block.set('open', i, o);
    block.set('close', i, c);
    block.set('high', i, childHigh);
    block.set('low', i, childLow);
    // Busier children move more.
    activity[i] = (0.5 + random.next()) * (1 + (childHigh - childLow) / (stepSd + 1));
  }
  block.set('high', highAt - random.int(2), high);
  block.set('low', lowAt - random.int(2), low);

  const childActivity = activity.subarray(0, count);
  const childWeights = weights.subarray(0, count);
  const trades = block.column('trades');
  const volume = block.column('volume');
  const quoteVolume = block.column('quoteVolume');
  // Every child gets at least one trade when there are enough; a child without trades gets no volume.
  if (parent.trades >= count) {
    splitInteger(parent.trades - count, childActivity, trades);
    for (let i = 0; i < count; i += 1) trades[i] = (trades[i] ?? 0) + 1;
  } else {
    splitInteger(parent.trades, childActivity, trades);
  }
  for (let i = 0; i < count; i += 1) {
    childWeights[i] = (trades[i] ?? 0) > 0 ? (childActivity[i] ?? 0) : 0;
  }
  splitInteger(parent.volume, childWeights, volume);
  for (let i = 0; i < count; i += 1) {
    const typical =
      block.get('open', i) + block.get('high', i) + block.get('low', i) + block.get('close', i);
    childWeights[i] = (volume[i] ?? 0) * typical;
  }
  splitInteger(parent.quoteVolume, childWeights, quoteVolume);
  splitInteger(parent.takerBuyVolume, volume, block.column('takerBuyVolume'), volume);
  splitInteger(
    parent.takerBuyQuoteVolume,
    quoteVolume,
    block.column('takerBuyQuoteVolume'),
    quoteVolume,
  );
  return block.seal();
}
