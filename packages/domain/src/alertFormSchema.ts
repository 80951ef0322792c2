import * as yup from 'yup';
import { VALIDATION_MESSAGES as M } from './validationMessages';
import { ALERT_TYPES, type AlertType } from './Alert';
import { type NumberInput, parseNumberInput } from './parseNumberInput';
import { positiveNumberSchema } from './positiveNumberSchema';

/**
 * The New Alert form: `type` (Price or Rsi) and `valueTarget` (text in the form, a number from the
 * api body). RSI targets must be within 0–100 inclusive. Messages are the spec's, word for word.
 */
export const alertFormSchema = yup.object({
  type: yup.mixed<AlertType>().oneOf(ALERT_TYPES).required(),
  valueTarget: positiveNumberSchema(M.valueEmpty, M.valuePositive).test(
    'rsi-range',
    M.rsiRange,
    function rsiRange(value) {
      if ((this.parent as { type?: unknown }).type !== 'Rsi') return true;
      const parsed = parseNumberInput(value as NumberInput);
      if (!(parsed > 0)) return true; // reported by `positive`
      return parsed <= 100;
    },
  ),
});
