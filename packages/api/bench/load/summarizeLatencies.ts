import { type LatencySummary } from './LoadWorkerMessage';

/** p50, p99 and max of samples (ms), nearest-rank; all zero when there are none. */
export function summarizeLatencies(samples: readonly number[]): LatencySummary {
  if (samples.length === 0) return { count: 0, p50: 0, p99: 0, max: 0 };
  const sorted = Float64Array.from(samples).sort();
  const rank = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
  return { count: sorted.length, p50: rank(0.5), p99: rank(0.99), max: sorted[sorted.length - 1]! };
}
