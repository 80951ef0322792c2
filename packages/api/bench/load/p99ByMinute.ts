import { summarizeLatencies } from './summarizeLatencies';

/**
 * The p99 of each minute's samples, `at` being each sample's time in ms from the start: a drift
 * over a long run (a queue or a heap that grows) shows here, where one p99 of the whole run would
 * blend it with the first minutes.
 */
export function p99ByMinute(samples: readonly number[], at: readonly number[]): number[] {
  const minutes: number[][] = [];
  for (const [i, value] of samples.entries())
    (minutes[Math.floor(at[i]! / 60_000)] ??= []).push(value);
  return Array.from(minutes, (values) => summarizeLatencies(values ?? []).p99);
}
