import { type NumberFormat } from './SymbolInfo';

/**
 * Derives a display format from an exchange step (Binance `tickSize` / `stepSize`, e.g. "0.01000000").
 *
 * @returns precision = number of significant decimals of the step, minMove = the step.
 * @example `formatFromStep('0.00100000')` → `{ precision: 3, minMove: 0.001 }`
 */
export function formatFromStep(step: string): NumberFormat {
  const minMove = Number(step);
  if (!Number.isFinite(minMove) || minMove <= 0) {
    throw new RangeError(`A step must be a positive number, got '${step}'`);
  }
  const [, decimals = ''] = step.split('.');
  const precision = decimals.replace(/0+$/, '').length;
  return { precision, minMove };
}
