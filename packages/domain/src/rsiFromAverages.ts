/**
 * RSI from average gain and loss: `100 − 100 / (1 + gain / loss)`, where a zero average loss
 * counts as a ratio of 100, as the product spec defines it.
 */
export function rsiFromAverages(averageGain: number, averageLoss: number): number {
  const ratio = averageLoss === 0 ? 100 : averageGain / averageLoss;
  return 100 - 100 / (1 + ratio);
}
