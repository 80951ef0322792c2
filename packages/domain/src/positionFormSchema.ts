import * as yup from 'yup';
import { VALIDATION_MESSAGES as M } from './validationMessages';
import { POSITION_SIDES, type PositionSide } from './Position';
import { SYMBOLS, type SymbolId } from './SymbolId';
import { type NumberInput, isBlank, parseNumberInput } from './parseNumberInput';
import { positiveNumberSchema } from './positiveNumberSchema';

/**
 * The fields of a position, each checked on its own (messages are the spec's, word for word). What
 * is stored or imported must pass these; a new or edited position must also pass
 * {@link positionFormSchema}'s take-profit rule.
 */
export const positionFieldsSchema = yup.object({
  symbol: yup.mixed<SymbolId>().oneOf(SYMBOLS).required(),
  side: yup.mixed<PositionSide>().oneOf(POSITION_SIDES).required(),
  amount: positiveNumberSchema(M.amountRequired, M.amountPositive),
  price: positiveNumberSchema(M.priceRequired, M.pricePositive),
  tp: positiveNumberSchema(M.takeProfitRequired, M.takeProfitPositive),
});

/**
 * Adds the take-profit rule to a position schema that has `side`, `price` and `tp`: a Buy's
 * take-profit lies above its entry, a Sell's below. Anything else would fill at once, at a price
 * never traded. The error is reported on `tp`, where the form shows it.
 */
export function withTakeProfitOnProfitSide<S extends yup.AnyObjectSchema>(schema: S): S {
  return schema.test('take-profit-side', function (values: Record<string, unknown>) {
    const { side, price, tp } = values as { side?: unknown; price?: NumberInput; tp?: NumberInput };
    // Blank or non-numbers are reported by the fields' own rules.
    if (isBlank(price) || isBlank(tp)) return true;
    const entry = parseNumberInput(price);
    const target = parseNumberInput(tp);
    if (!(entry > 0) || !(target > 0)) return true;
    if (side === 'Buy' && !(target > entry)) {
      return this.createError({ path: 'tp', message: M.takeProfitAboveEntry });
    }
    if (side === 'Sell' && !(target < entry)) {
      return this.createError({ path: 'tp', message: M.takeProfitBelowEntry });
    }
    return true;
  }) as S;
}

/** The Add position form: every field, and a take-profit on the profit side of the entry. */
export const positionFormSchema = withTakeProfitOnProfitSide(positionFieldsSchema);
