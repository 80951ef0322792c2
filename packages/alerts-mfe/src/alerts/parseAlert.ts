import {
  ALERT_STATUSES,
  ALERT_TYPES,
  CONDITION_INFO,
  DEFAULT_CONDITION,
  DEFAULT_FREQUENCY,
  type AlertStatus,
  type AlertType,
  defaultAlertInterval,
  isAlertCondition,
  isAlertFrequency,
  isInterval,
  isSymbolId,
} from '@pairwatch/domain';
import {
  type AlertEntry,
  type AlertFiringRecord,
  type AlertWithFirings,
  type UnreadableAlert,
} from './AlertEntry';

/** The api keeps at most this many firings per alert; more would only slow the chart. */
const MAX_FIRINGS = 50;

/** Thrown inside {@link parseAlert} to stop at the first field that does not fit. */
class FieldProblem extends Error {}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isDate = (v: unknown): v is string => typeof v === 'string' && !Number.isNaN(Date.parse(v));
/** The api may send an absent optional field as `null`. */
const isAbsent = (v: unknown): v is null | undefined => v === undefined || v === null;

/**
 * Reads an alert from the api. Never throws: an alert this page does not understand (a newer
 * condition, status, type or symbol, or a broken value) comes back as an {@link UnreadableAlert}
 * with what could be read, so the list still shows every other alert, and that one as a row that
 * says so. Fields an api older than alert conditions leaves out get the old meaning: `Crossing`,
 * `OnlyOnce`, one firing when `Triggered`, the RSI interval or one minute.
 */
export function parseAlert(value: unknown): AlertEntry {
  if (typeof value !== 'object' || value === null) {
    return unreadable({}, `an alert must be an object, got ${JSON.stringify(value)}`);
  }
  const raw = value as Record<string, unknown>;
  try {
    return readAlert(raw);
  } catch (error) {
    if (!(error instanceof FieldProblem)) throw error;
    return unreadable(raw, error.message);
  }
}

function unreadable(raw: Record<string, unknown>, problem: string): UnreadableAlert {
  return {
    kind: 'unreadable',
    id: typeof raw.id === 'string' && raw.id !== '' ? raw.id : undefined,
    symbol: typeof raw.symbol === 'string' && raw.symbol !== '' ? raw.symbol : undefined,
    createdAt: isDate(raw.createdAt) ? raw.createdAt : undefined,
    problem: `alert ${JSON.stringify(raw.id)}: ${problem}`,
  };
}

function readAlert(raw: Record<string, unknown>): AlertWithFirings {
  const fail = (field: string): never => {
    throw new FieldProblem(`bad ${field} ${JSON.stringify(raw[field])}`);
  };
  const id = typeof raw.id === 'string' && raw.id !== '' ? raw.id : fail('id');
  const symbol = isSymbolId(raw.symbol) ? raw.symbol : fail('symbol');
  const type = (ALERT_TYPES as readonly unknown[]).includes(raw.type)
    ? (raw.type as AlertType)
    : fail('type');
  const status = (ALERT_STATUSES as readonly unknown[]).includes(raw.status)
    ? (raw.status as AlertStatus)
    : fail('status');
  const condition = isAbsent(raw.condition)
    ? DEFAULT_CONDITION
    : isAlertCondition(raw.condition)
      ? raw.condition
      : fail('condition');
  const frequency = isAbsent(raw.frequency)
    ? DEFAULT_FREQUENCY
    : isAlertFrequency(raw.frequency)
      ? raw.frequency
      : fail('frequency');
  const interval = isAbsent(raw.interval)
    ? undefined
    : isInterval(raw.interval)
      ? raw.interval
      : fail('interval');
  const rsiInterval = isInterval(raw.rsiInterval) ? raw.rsiInterval : undefined;
  if (!isNumber(raw.valueOnCreation)) fail('valueOnCreation');
  if (!isNumber(raw.valueTarget)) fail('valueTarget');
  if (!isDate(raw.createdAt)) fail('createdAt');
  const optionalNumber = (field: string, fits: (v: unknown) => v is number): number | undefined =>
    isAbsent(raw[field]) ? undefined : fits(raw[field]) ? raw[field] : fail(field);
  const valueUpper = optionalNumber('valueUpper', isNumber);
  const bars = optionalNumber('bars', isPositiveInteger);
  // A channel without its upper bound, or a move without its window, could not be drawn or
  // worded: the row says the alert cannot be shown instead of showing it wrong.
  const shape = CONDITION_INFO[condition].shape;
  if (shape === 'channel' && valueUpper === undefined) fail('valueUpper');
  if (shape === 'move' && bars === undefined) fail('bars');
  const optionalDate = (field: string): string | undefined =>
    isAbsent(raw[field]) ? undefined : isDate(raw[field]) ? raw[field] : fail(field);
  const expiresAt = optionalDate('expiresAt');
  const lastTriggeredAt = optionalDate('lastTriggeredAt') ?? optionalDate('triggeredAt');
  const triggeredValue = optionalNumber('triggeredValue', isNumber);
  // An older api's alert fired at most once, and is Triggered when it did.
  const triggerCount = optionalNumber('triggerCount', isCount) ?? (status === 'Triggered' ? 1 : 0);
  const firings = readFirings(raw.firings);
  return {
    id,
    symbol,
    type,
    condition,
    frequency,
    // An older api sent the RSI interval as `interval`; an alert without one counts minutes.
    interval: interval ?? defaultAlertInterval(type === 'Rsi' ? rsiInterval : undefined),
    valueOnCreation: raw.valueOnCreation as number,
    valueTarget: raw.valueTarget as number,
    status,
    createdAt: raw.createdAt as string,
    triggerCount,
    ...(valueUpper === undefined ? {} : { valueUpper }),
    ...(bars === undefined ? {} : { bars }),
    ...(expiresAt === undefined ? {} : { expiresAt }),
    // Not worth hiding the alert for: a message that is not text is left out.
    ...(typeof raw.message === 'string' && raw.message !== '' ? { message: raw.message } : {}),
    ...(lastTriggeredAt === undefined ? {} : { lastTriggeredAt, triggeredAt: lastTriggeredAt }),
    ...(triggeredValue === undefined ? {} : { triggeredValue }),
    ...(firings === undefined ? {} : { firings }),
  };
}

function isPositiveInteger(value: unknown): value is number {
  return isNumber(value) && Number.isInteger(value) && value > 0;
}

function isCount(value: unknown): value is number {
  return isNumber(value) && Number.isInteger(value) && value >= 0;
}

/**
 * The firings the chart marks. They only decorate the chart, so a broken one is left out rather
 * than hiding the whole alert.
 */
function readFirings(value: unknown): AlertFiringRecord[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const firings: AlertFiringRecord[] = [];
  for (const item of value as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const { at, value: firedAt } = item as Record<string, unknown>;
    if (isDate(at) && isNumber(firedAt)) firings.push({ at, value: firedAt });
  }
  return firings.slice(-MAX_FIRINGS);
}
