/** A price range, as lightweight-charts' autoscale speaks of it. */
export interface ValueRange {
  readonly minValue: number;
  readonly maxValue: number;
}

/**
 * The price range the auto-scaled price pane shows: the candles' range widened to take in the
 * alert lines near it, so a trader sees the levels they set where the price is.
 *
 * @remarks A line farther away than one candle-range beyond either edge is left outside: one
 * forgotten alert at half the price must not squash the candles into a sliver (the candles always
 * keep at least a third of the pane). The chart only asks while the price scale auto-scales, so a
 * scale the user dragged by hand is never moved for a line.
 */
export function autoscaleWithLines(
  candles: ValueRange | null,
  lines: readonly number[],
): ValueRange | null {
  if (candles === null || lines.length === 0) return candles;
  const span = Math.max(candles.maxValue - candles.minValue, Math.abs(candles.maxValue) * 1e-4);
  let { minValue, maxValue } = candles;
  for (const value of lines) {
    if (value < candles.minValue - span || value > candles.maxValue + span) continue;
    minValue = Math.min(minValue, value);
    maxValue = Math.max(maxValue, value);
  }
  return { minValue, maxValue };
}
