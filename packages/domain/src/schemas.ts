/**
 * The forms' validation, shared by the screens and the api so both reject the same input with the
 * same words: the spec's messages, how a typed number is read, and the yup schemas of the New Alert
 * and Add position forms.
 *
 * @module
 */
import * as yup from 'yup';
import {
  ALERT_CONDITIONS,
  ALERT_FREQUENCIES,
  ALERT_LIMITS,
  type AlertCondition,
  type AlertFrequency,
  CONDITION_INFO,
  DEFAULT_CONDITION,
} from './alertCondition';
import { ALERT_TYPES, type AlertType } from './alertRules';
import { POSITION_SIDES, type PositionSide } from './positions';
import { SYMBOLS, type SymbolId } from './symbols';

/**
 * The product's validation messages, word for word (product §5).
 *
 * @remarks Exported for this module's tests only; not part of the package's surface (`index.ts`).
 */
export const VALIDATION_MESSAGES = {
  valueEmpty: "Value can't be empty",
  valuePositive: 'Value must be a positive number',
  rsiRange: 'RSI value must be between 0 and 100',
  // The conditions' fields (not in the original product, which had one condition), in its style.
  upperEmpty: "Upper bound can't be empty",
  upperPositive: 'Upper bound must be a positive number',
  upperAboveLower: 'Upper bound must be greater than the lower bound',
  percentRange: 'Percent must be greater than 0 and at most 1000',
  barsRequired: "Bars can't be empty",
  barsRange: 'Bars must be a whole number from 1 to 500',
  movePriceOnly: 'Moving % alerts are for price only',
  expiryPast: 'Expiry must be in the future',
  expiryInvalid: 'Expiry must be a date and time',
  messageTooLong: "Message can't be longer than 500 characters",
  amountRequired: 'Amount is required',
  amountPositive: 'Amount must be a positive number',
  priceRequired: 'Price is required',
  pricePositive: 'Price must be a positive number',
  takeProfitRequired: 'Take profit is required',
  takeProfitPositive: 'Take profit must be a positive number',
  // Not in the original product: it let a take-profit on the losing side fill at once.
  takeProfitAboveEntry: 'Take profit must be above the entry price for a Buy',
  takeProfitBelowEntry: 'Take profit must be below the entry price for a Sell',
} as const;

// Short, so each schema line reads as field, rule, message.
const M = VALIDATION_MESSAGES;

/** A form field as typed (string) or as sent on the wire (number). */
type NumberInput = string | number | null | undefined;

/** Whether a field is empty (absent, or only spaces), which the `required` messages report. */
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

/**
 * A required positive number field (form text or wire number) with the spec's pair of messages:
 * `required` when empty, `positive` when not a number or ≤ 0.
 */
function positiveNumberSchema(required: string, positive: string) {
  return yup
    .mixed<string | number>()
    .test('required', required, (value) => !isBlank(value as NumberInput))
    .test('positive', positive, (value) => {
      if (isBlank(value as NumberInput)) return true; // reported by `required`
      return parseNumberInput(value as NumberInput) > 0;
    });
}

/** The condition of a form or body, `Crossing` when absent (the original product's rule). */
function conditionOf(parent: unknown): AlertCondition {
  const value = (parent as { condition?: unknown }).condition;
  return typeof value === 'string' && (ALERT_CONDITIONS as readonly string[]).includes(value)
    ? (value as AlertCondition)
    : DEFAULT_CONDITION;
}

/** A value that is absent, null or blank text. */
function absent(value: unknown): boolean {
  return (
    value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
  );
}

/**
 * The New Alert form and the `POST /alerts` body: `type`, `condition`, `valueTarget` (text in the
 * form, a number in the body), `valueUpper` for channels, `bars` for percent moves, `frequency`,
 * `expiresAt` (ISO 8601, in the future: pass `{ context: { now } }` in Unix ms) and `message`.
 * RSI levels lie within 0–100; a percent move is price-only, its percent in (0, 1000] and its
 * window 1–500 bars. Messages are the spec's where it has them, in its style where it has not.
 */
export const alertFormSchema = yup.object({
  type: yup.mixed<AlertType>().oneOf(ALERT_TYPES).required(),
  condition: yup
    .mixed<AlertCondition>()
    .oneOf(ALERT_CONDITIONS)
    .optional()
    .test('price-only', M.movePriceOnly, function priceOnly(value) {
      const type = (this.parent as { type?: unknown }).type;
      return !(value !== undefined && CONDITION_INFO[value].priceOnly && type === 'Rsi');
    }),
  valueTarget: positiveNumberSchema(M.valueEmpty, M.valuePositive)
    .test('rsi-range', M.rsiRange, function rsiRange(value) {
      const parent = this.parent as { type?: unknown };
      if (parent.type !== 'Rsi' || CONDITION_INFO[conditionOf(parent)].shape === 'move')
        return true;
      const parsed = parseNumberInput(value as NumberInput);
      if (!(parsed > 0)) return true; // reported by `positive`
      return parsed <= 100;
    })
    .test('percent-range', M.percentRange, function percentRange(value) {
      if (CONDITION_INFO[conditionOf(this.parent)].shape !== 'move') return true;
      const parsed = parseNumberInput(value as NumberInput);
      if (!(parsed > 0)) return true; // reported by `positive`
      return parsed <= ALERT_LIMITS.maxPercent;
    }),
  valueUpper: yup.mixed<string | number>().test('channel-upper', function channelUpper(value) {
    const parent = this.parent as { type?: unknown; valueTarget?: NumberInput };
    if (CONDITION_INFO[conditionOf(parent)].shape !== 'channel') return true;
    if (absent(value)) return this.createError({ message: M.upperEmpty });
    const upper = parseNumberInput(value as NumberInput);
    if (!(upper > 0)) return this.createError({ message: M.upperPositive });
    if (parent.type === 'Rsi' && upper > 100) return this.createError({ message: M.rsiRange });
    const lower = parseNumberInput(parent.valueTarget);
    if (lower > 0 && !(upper > lower)) return this.createError({ message: M.upperAboveLower });
    return true;
  }),
  bars: yup.mixed<string | number>().test('move-bars', function moveBars(value) {
    if (CONDITION_INFO[conditionOf(this.parent)].shape !== 'move') return true;
    if (absent(value)) return this.createError({ message: M.barsRequired });
    const bars = parseNumberInput(value as NumberInput);
    return Number.isInteger(bars) && bars >= ALERT_LIMITS.minBars && bars <= ALERT_LIMITS.maxBars
      ? true
      : this.createError({ message: M.barsRange });
  }),
  frequency: yup.mixed<AlertFrequency>().oneOf(ALERT_FREQUENCIES).optional(),
  expiresAt: yup.mixed<string>().test('expiry', function expiry(value) {
    if (absent(value)) return true; // open-ended
    const time = typeof value === 'string' ? Date.parse(value) : Number.NaN;
    if (Number.isNaN(time)) return this.createError({ message: M.expiryInvalid });
    const now = (this.options.context as { now?: number } | undefined)?.now;
    return now === undefined || time > now ? true : this.createError({ message: M.expiryPast });
  }),
  message: yup
    .mixed<string>()
    .test(
      'message-length',
      M.messageTooLong,
      (value) => typeof value !== 'string' || value.length <= ALERT_LIMITS.maxMessageLength,
    ),
});

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
