import { type Position, parseNumberInput } from '@pairwatch/domain';

/**
 * The numbers typed in the Add and Edit position forms, already checked against
 * `positionFormSchema`, as the store takes them.
 */
export function parsePositionNumbers(values: {
  readonly amount: string;
  readonly price: string;
  readonly tp: string;
}): Pick<Position, 'amount' | 'price' | 'tp'> {
  return {
    amount: parseNumberInput(values.amount),
    price: parseNumberInput(values.price),
    tp: parseNumberInput(values.tp),
  };
}
