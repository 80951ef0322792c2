import {
  type AlertCondition,
  type AlertFrequency,
  type AlertType,
  type Interval,
  type SymbolId,
  CONDITION_INFO,
  DEFAULT_CONDITION,
  DEFAULT_FREQUENCY,
  parseNumberInput,
} from '@pairwatch/domain';
import { type CreateAlertRequest } from '../alerts/AlertsClient';

/** Whether the alert stops watching at a time. */
export type AlertExpiry = 'open' | 'at';

/** The New Alert form as typed: numbers and the expiry are the fields' text. */
export interface AlertFormValues {
  readonly type: AlertType;
  readonly condition: AlertCondition;
  /** The level; a channel's lower bound; a percent move's percent. */
  readonly valueTarget: string;
  readonly valueUpper: string;
  readonly bars: string;
  readonly frequency: AlertFrequency;
  readonly expiry: AlertExpiry;
  /** A `datetime-local` value, local time: `2030-01-31T18:30`. */
  readonly expiresAt: string;
  readonly message: string;
}

/** A fresh form of `type`: the original product's alert (Crossing, once, open-ended). */
export function emptyAlertForm(type: AlertType): AlertFormValues {
  return {
    type,
    condition: DEFAULT_CONDITION,
    valueTarget: '',
    valueUpper: '',
    bars: '',
    frequency: DEFAULT_FREQUENCY,
    expiry: 'open',
    expiresAt: '',
    message: '',
  };
}

/** Whether two forms hold the same values, field for field. */
export function sameAlertForm(a: AlertFormValues, b: AlertFormValues): boolean {
  return (Object.keys(a) as (keyof AlertFormValues)[]).every((key) => a[key] === b[key]);
}

/** Not a date: the schema then says "Expiry must be a date and time". */
const NO_DATE = 'no date';

/** A `datetime-local` value (local time) as ISO 8601 UTC, or undefined when it is no date. */
export function localDateTimeToIso(text: string): string | undefined {
  // Date-time text without a zone is local time (ECMAScript's rule for the ISO format).
  const ms = text.trim() === '' ? Number.NaN : Date.parse(text);
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}

/**
 * What domain's `alertFormSchema` checks: the fields the condition uses, and the expiry as ISO
 * text. "On a date" without a usable date is sent as no date, so the schema's own message
 * reports it (the schema reads a blank expiry as open-ended).
 */
export function alertSchemaInput(values: AlertFormValues): Record<string, unknown> {
  const shape = CONDITION_INFO[values.condition].shape;
  return {
    type: values.type,
    condition: values.condition,
    valueTarget: values.valueTarget,
    valueUpper: shape === 'channel' ? values.valueUpper : undefined,
    bars: shape === 'move' ? values.bars : undefined,
    frequency: values.frequency,
    expiresAt:
      values.expiry === 'at' ? (localDateTimeToIso(values.expiresAt) ?? NO_DATE) : undefined,
    message: values.message,
  };
}

/**
 * The `POST /alerts` body of a valid form. The original product's alert (Crossing, once,
 * open-ended, no message) is sent with the original fields only, so an api that predates
 * conditions still takes it; any other alert sends every condition field it uses.
 */
export function createAlertRequest(
  values: AlertFormValues,
  target: {
    readonly symbol: SymbolId;
    readonly interval: Interval;
    readonly ownerId: string;
  },
): CreateAlertRequest {
  const base: CreateAlertRequest = {
    symbol: target.symbol,
    type: values.type,
    valueTarget: parseNumberInput(values.valueTarget),
    ownerId: target.ownerId,
    ...(values.type === 'Rsi' ? { rsiInterval: target.interval } : {}),
  };
  const message = values.message.trim() === '' ? undefined : values.message;
  const expiresAt = values.expiry === 'at' ? localDateTimeToIso(values.expiresAt) : undefined;
  const original =
    values.condition === DEFAULT_CONDITION &&
    values.frequency === DEFAULT_FREQUENCY &&
    expiresAt === undefined &&
    message === undefined;
  if (original) return base;
  const shape = CONDITION_INFO[values.condition].shape;
  return {
    ...base,
    condition: values.condition,
    frequency: values.frequency,
    // The bars a price alert counts are the chart's, as an RSI alert's are its RSI interval.
    interval: target.interval,
    ...(shape === 'channel' ? { valueUpper: parseNumberInput(values.valueUpper) } : {}),
    ...(shape === 'move' ? { bars: parseNumberInput(values.bars) } : {}),
    ...(expiresAt === undefined ? {} : { expiresAt }),
    ...(message === undefined ? {} : { message }),
  };
}
