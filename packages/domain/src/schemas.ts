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
import { defaultSymbolInfo, type SymbolId, isSymbolId } from './symbols';

/**
 * The most decimals an amount may have: the tables show an amount with as many decimals as it
 * needs, up to this many (`formatAsEntered`).
 */
const AMOUNT_MAX_DECIMALS = 10;

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
  // Not in the original product, which took 99999999999999999999999 and showed 1e23: a number
  // beyond 2^53, or with more digits than a double keeps, is refused rather than changed.
  valueTooLarge: 'Value is too large',
  valueTooManyDigits: 'Value has too many digits',
  upperTooLarge: 'Upper bound is too large',
  upperTooManyDigits: 'Upper bound has too many digits',
  amountTooLarge: 'Amount is too large',
  amountTooManyDigits: 'Amount has too many digits',
  priceTooLarge: 'Price is too large',
  priceTooManyDigits: 'Price has too many digits',
  takeProfitTooLarge: 'Take profit is too large',
  takeProfitTooManyDigits: 'Take profit has too many digits',
  // A price the pair's format cannot show would be shown rounded: the form refuses it instead.
  valueDecimals: (symbol: string, precision: number) =>
    `Value has more decimals than ${symbol}'s price (${precision})`,
  upperDecimals: (symbol: string, precision: number) =>
    `Upper bound has more decimals than ${symbol}'s price (${precision})`,
  priceDecimals: (symbol: string, precision: number) =>
    `Price has more decimals than ${symbol}'s price (${precision})`,
  takeProfitDecimals: (symbol: string, precision: number) =>
    `Take profit has more decimals than ${symbol}'s price (${precision})`,
  amountDecimals: `Amount has more than ${AMOUNT_MAX_DECIMALS} decimals`,
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

/** Digits as typed, without grouping: `12.5`, `.5`, `12.`, `1e-7`, with an optional sign. */
const PLAIN_NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

/** Digits grouped in threes by commas, as the app writes them: `3,000`, `1,234,567.8`. */
const GROUPED_NUMBER = /^[+-]?\d{1,3}(?:,\d{3})+(?:\.\d*)?$/;

/**
 * A decimal (no sign, no grouping, maybe an exponent) as its significant digits and the power of
 * ten of the last one: `"3000.50"` → `"3e3"`, `"0.0012"` → `"12e-4"`, `"1e+23"` → `"1e23"`.
 */
function normalDecimal(text: string): { readonly digits: string; readonly exponent: number } {
  const [mantissa = '', power = '0'] = text.toLowerCase().split('e');
  const [whole = '', fraction = ''] = mantissa.split('.');
  let digits = (whole + fraction).replace(/^0+/, '');
  let exponent = Number(power) - fraction.length;
  const trailing = /0*$/.exec(digits)?.[0].length ?? 0;
  digits = digits.slice(0, digits.length - trailing);
  exponent += trailing;
  return digits === '' ? { digits: '0', exponent: 0 } : { digits, exponent };
}

/** What a typed or wire number holds, as the validation rules read it. */
interface NumberReading {
  /** The number; `NaN` when the input is blank or not a number as the app writes one. */
  readonly value: number;
  /** Its decimals, trailing zeros not counted (`"3,000.50"` has 1). */
  readonly decimals: number;
  /** False when the number the text names cannot be held by a double (too many digits). */
  readonly exact: boolean;
}

const NOT_A_NUMBER: NumberReading = { value: Number.NaN, decimals: 0, exact: true };

/**
 * Reads a form or wire value: a JSON number as it is; text with surrounding spaces, plain or
 * grouped in threes by commas as the app writes numbers ("3,000.50"), not "3,00" or "1,2345".
 */
function readNumberInput(input: NumberInput): NumberReading {
  if (isBlank(input)) return NOT_A_NUMBER;
  if (typeof input === 'number') {
    if (Number.isNaN(input)) return NOT_A_NUMBER;
    const normal = normalDecimal(String(Math.abs(input)));
    return { value: input, decimals: Math.max(0, -normal.exponent), exact: true };
  }
  const text = String(input).trim();
  if (!PLAIN_NUMBER.test(text) && !GROUPED_NUMBER.test(text)) return NOT_A_NUMBER;
  const plain = text.replace(/,/g, '');
  const value = Number(plain);
  const typed = normalDecimal(plain.replace(/^[+-]/, ''));
  const held = normalDecimal(String(Math.abs(value)));
  return {
    value,
    decimals: Math.max(0, -typed.exponent),
    exact: typed.digits === held.digits && typed.exponent === held.exponent,
  };
}

/** Whether a number is beyond what a double holds to the unit (2^53 − 1), or infinite. */
function isTooLarge(value: number): boolean {
  return Math.abs(value) > Number.MAX_SAFE_INTEGER;
}

/**
 * Parses a form or wire value: a finite JSON number, or text as the app writes numbers (spaces
 * around it, thousands grouped by commas: `" 3,000.50 "` → `3000.5`). `NaN` for anything else:
 * blank, malformed grouping (`"3,00"`), hex, or a number a double cannot hold exactly
 * (`"99999999999999999999999"`) — the schemas say which.
 *
 * @example `parseNumberInput('1,234,567.8')` → `1234567.8`; `parseNumberInput('3,00')` → `NaN`
 */
export function parseNumberInput(value: NumberInput): number {
  const reading = readNumberInput(value);
  return Number.isFinite(reading.value) && !isTooLarge(reading.value) && reading.exact
    ? reading.value
    : Number.NaN;
}

/** The messages of a number field: empty, not a positive number, too large, too many digits. */
interface NumberMessages {
  readonly required: string;
  readonly positive: string;
  readonly tooLarge: string;
  readonly tooManyDigits: string;
}

/**
 * The first problem of a present number field, or `undefined`: not a positive number, beyond
 * 2^53, or more digits than a double keeps (which would be stored as another number).
 */
function numberProblem(value: NumberInput, messages: NumberMessages): string | undefined {
  const { value: parsed, exact } = readNumberInput(value);
  if (Number.isNaN(parsed) || !(parsed > 0)) return messages.positive;
  if (isTooLarge(parsed)) return messages.tooLarge;
  if (!exact) return messages.tooManyDigits;
  return undefined;
}

/**
 * A required positive number field (form text or wire number) with the spec's pair of messages:
 * `required` when empty, `positive` when not a number or ≤ 0; then too large or too many digits.
 */
function positiveNumberSchema(messages: NumberMessages) {
  return yup
    .mixed<string | number>()
    .test('required', messages.required, (value) => !isBlank(value as NumberInput))
    .test('number', function positiveNumber(value) {
      if (isBlank(value as NumberInput)) return true; // reported by `required`
      const problem = numberProblem(value as NumberInput, messages);
      return problem === undefined ? true : this.createError({ message: problem });
    });
}

const VALUE_MESSAGES: NumberMessages = {
  required: M.valueEmpty,
  positive: M.valuePositive,
  tooLarge: M.valueTooLarge,
  tooManyDigits: M.valueTooManyDigits,
};

const UPPER_MESSAGES: NumberMessages = {
  required: M.upperEmpty,
  positive: M.upperPositive,
  tooLarge: M.upperTooLarge,
  tooManyDigits: M.upperTooManyDigits,
};

/**
 * What a schema may be told (yup's `context`): `now` in Unix ms for the expiry, the `symbol` of an
 * alert form (its values do not hold it), and `pricePrecision`, the live exchange's decimals of
 * that symbol's prices (the catalogue's when absent).
 */
interface SchemaContext {
  readonly now?: number;
  readonly symbol?: unknown;
  readonly pricePrecision?: number;
}

/**
 * The decimals a price of `symbol` may have: the context's `pricePrecision` when given (the live
 * format), else the catalogue's; `undefined` when the symbol is not known.
 */
function pricePrecisionOf(symbol: unknown, context: SchemaContext | undefined): number | undefined {
  if (!isSymbolId(symbol)) return undefined;
  return context?.pricePrecision ?? defaultSymbolInfo(symbol)?.priceFormat.precision;
}

/**
 * The message of a price with more decimals than its symbol shows, or `undefined` (also when the
 * symbol or the number is not known: other rules report that).
 */
function decimalsProblem(
  value: NumberInput,
  symbol: unknown,
  context: SchemaContext | undefined,
  message: (symbol: string, precision: number) => string,
): string | undefined {
  const precision = pricePrecisionOf(symbol, context);
  if (precision === undefined || isBlank(value)) return undefined;
  const { value: parsed, decimals } = readNumberInput(value);
  if (!(parsed > 0) || decimals <= precision) return undefined;
  return message(String(symbol), precision);
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

/** Whether an alert form's target is a price (a price level or channel, not RSI, not a percent). */
function isPriceLevel(parent: unknown): boolean {
  return (
    (parent as { type?: unknown }).type === 'Price' &&
    CONDITION_INFO[conditionOf(parent)].shape !== 'move'
  );
}

/**
 * The New Alert form and the `POST /alerts` body: `type`, `condition`, `valueTarget` (text in the
 * form, a number in the body), `valueUpper` for channels, `bars` for percent moves, `frequency`,
 * `expiresAt` (ISO 8601, in the future: pass `{ context: { now } }` in Unix ms) and `message`.
 * RSI levels lie within 0–100; a percent move is price-only, its percent in (0, 1000] and its
 * window 1–500 bars. A price level's decimals are checked against its symbol's price format when
 * the context names the `symbol` (and, optionally, the live `pricePrecision`). Messages are the
 * spec's where it has them, in its style where it has not.
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
  valueTarget: positiveNumberSchema(VALUE_MESSAGES)
    .test('price-decimals', function priceDecimals(value) {
      if (!isPriceLevel(this.parent)) return true;
      const context = this.options.context as SchemaContext | undefined;
      const problem = decimalsProblem(
        value as NumberInput,
        context?.symbol,
        context,
        M.valueDecimals,
      );
      return problem === undefined ? true : this.createError({ message: problem });
    })
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
    const problem = numberProblem(value as NumberInput, UPPER_MESSAGES);
    if (problem !== undefined) return this.createError({ message: problem });
    const upper = parseNumberInput(value as NumberInput);
    if (parent.type === 'Rsi' && upper > 100) return this.createError({ message: M.rsiRange });
    const context = this.options.context as SchemaContext | undefined;
    const decimals = isPriceLevel(parent)
      ? decimalsProblem(value as NumberInput, context?.symbol, context, M.upperDecimals)
      : undefined;
    if (decimals !== undefined) return this.createError({ message: decimals });
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

const amountSchema = () =>
  positiveNumberSchema({
    required: M.amountRequired,
    positive: M.amountPositive,
    tooLarge: M.amountTooLarge,
    tooManyDigits: M.amountTooManyDigits,
  });

const priceSchema = () =>
  positiveNumberSchema({
    required: M.priceRequired,
    positive: M.pricePositive,
    tooLarge: M.priceTooLarge,
    tooManyDigits: M.priceTooManyDigits,
  });

const takeProfitSchema = () =>
  positiveNumberSchema({
    required: M.takeProfitRequired,
    positive: M.takeProfitPositive,
    tooLarge: M.takeProfitTooLarge,
    tooManyDigits: M.takeProfitTooManyDigits,
  });

/**
 * The fields of a position, each checked on its own (messages are the spec's, word for word). What
 * is stored or imported must pass these; a new or edited position must also pass
 * {@link positionFormSchema}'s take-profit rule.
 */
export const positionFieldsSchema = yup.object({
  // Any pair id: which pairs the market lists is the catalogue's answer, not the schema's.
  symbol: yup
    .mixed<SymbolId>()
    .required()
    .test('symbol-shape', 'symbol must be a pair id such as ETHBTC', (value) => isSymbolId(value)),
  side: yup.mixed<PositionSide>().oneOf(POSITION_SIDES).required(),
  amount: amountSchema(),
  price: priceSchema(),
  tp: takeProfitSchema(),
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

/**
 * A price field of a position form: at most as many decimals as its symbol's prices show (the
 * values' `symbol`; the context's `pricePrecision` when given, else the catalogue's). Only for
 * what a person types: stored positions keep whatever they hold.
 */
function priceAtSymbolPrecision(
  field: ReturnType<typeof positiveNumberSchema>,
  message: (symbol: string, precision: number) => string,
) {
  return field.test('symbol-decimals', function symbolDecimals(value) {
    const symbol = (this.parent as { symbol?: unknown }).symbol;
    const context = this.options.context as SchemaContext | undefined;
    const problem = decimalsProblem(value as NumberInput, symbol, context, message);
    return problem === undefined ? true : this.createError({ message: problem });
  });
}

/**
 * The Add and Edit position forms: every field; an amount of at most 10 decimals and prices at
 * the symbol's precision (see {@link priceAtSymbolPrecision}); a take-profit on the profit side of
 * the entry. Pass `{ context: { pricePrecision } }` for the live format of the values' symbol.
 */
export const positionFormSchema = withTakeProfitOnProfitSide(
  positionFieldsSchema.shape({
    amount: amountSchema().test(
      'amount-decimals',
      M.amountDecimals,
      (value) => readNumberInput(value as NumberInput).decimals <= AMOUNT_MAX_DECIMALS,
    ),
    price: priceAtSymbolPrecision(priceSchema(), M.priceDecimals),
    tp: priceAtSymbolPrecision(takeProfitSchema(), M.takeProfitDecimals),
  }),
);
