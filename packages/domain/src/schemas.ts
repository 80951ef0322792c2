import * as yup from 'yup';
import { ALERT_TYPES, type AlertType } from './alerts';
import { POSITION_SIDES, type PositionSide } from './pnl';
import { SYMBOLS, type SymbolId } from './symbols';
import { VALIDATION_MESSAGES as M } from './validationMessages';

/** A form field as typed (string) or as sent on the wire (number). */
type NumberInput = string | number | null | undefined;

function isBlank(value: NumberInput): boolean {
  return (
    value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
  );
}

/** Parses a form or wire value; `NaN` for anything that is not a plain finite number. */
export function parseNumberInput(value: NumberInput): number {
  if (isBlank(value)) return Number.NaN;
  const parsed = typeof value === 'number' ? value : Number(String(value).trim());
  return Number.isFinite(parsed) ? parsed : Number.NaN;
}

/** A required positive number with the spec's pair of messages (empty, then not positive). */
function positiveNumber(required: string, positive: string) {
  return yup
    .mixed<string | number>()
    .test('required', required, (value) => !isBlank(value as NumberInput))
    .test('positive', positive, (value) => {
      if (isBlank(value as NumberInput)) return true; // reported by `required`
      return parseNumberInput(value as NumberInput) > 0;
    });
}

/**
 * The New Alert form: `type` (Price or Rsi) and `valueTarget` (text in the form, a number from the
 * api body). RSI targets must be within 0–100 inclusive. Messages are the spec's, word for word.
 */
export const alertFormSchema = yup.object({
  type: yup.mixed<AlertType>().oneOf(ALERT_TYPES).required(),
  valueTarget: positiveNumber(M.valueEmpty, M.valuePositive).test(
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

/** Values of the New Alert form. */
export type AlertFormValues = yup.InferType<typeof alertFormSchema>;

/** The Add position form. Messages are the spec's, word for word. */
export const positionFormSchema = yup.object({
  symbol: yup.mixed<SymbolId>().oneOf(SYMBOLS).required(),
  side: yup.mixed<PositionSide>().oneOf(POSITION_SIDES).required(),
  amount: positiveNumber(M.amountRequired, M.amountPositive),
  price: positiveNumber(M.priceRequired, M.pricePositive),
  tp: positiveNumber(M.takeProfitRequired, M.takeProfitPositive),
});

/** Values of the Add position form. */
export type PositionFormValues = yup.InferType<typeof positionFormSchema>;
