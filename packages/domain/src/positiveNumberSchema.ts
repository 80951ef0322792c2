import * as yup from 'yup';
import { type NumberInput, isBlank, parseNumberInput } from './parseNumberInput';

/**
 * A required positive number field (form text or wire number) with the spec's pair of messages:
 * `required` when empty, `positive` when not a number or ≤ 0.
 */
export function positiveNumberSchema(required: string, positive: string) {
  return yup
    .mixed<string | number>()
    .test('required', required, (value) => !isBlank(value as NumberInput))
    .test('positive', positive, (value) => {
      if (isBlank(value as NumberInput)) return true; // reported by `required`
      return parseNumberInput(value as NumberInput) > 0;
    });
}
