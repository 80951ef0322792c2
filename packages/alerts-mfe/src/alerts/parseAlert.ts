import { type Alert, isInterval, isSymbolId } from '@pairwatch/domain';

/**
 * Checks an alert from the api and returns it typed.
 *
 * @throws TypeError naming the first field that does not fit, with its value.
 */
export function parseAlert(value: unknown): Alert {
  if (typeof value !== 'object' || value === null) {
    throw new TypeError(`An alert must be an object, got ${JSON.stringify(value)}`);
  }
  const raw = value as Record<string, unknown>;
  const fail = (field: string): never => {
    throw new TypeError(
      `Alert ${JSON.stringify(raw.id)}: bad ${field} ${JSON.stringify(raw[field])}`,
    );
  };
  const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
  const isDate = (v: unknown): v is string => typeof v === 'string' && !Number.isNaN(Date.parse(v));
  if (typeof raw.id !== 'string' || raw.id === '') fail('id');
  if (!isSymbolId(raw.symbol)) fail('symbol');
  if (raw.type !== 'Price' && raw.type !== 'Rsi') fail('type');
  if (raw.interval !== undefined && raw.interval !== null && !isInterval(raw.interval))
    fail('interval');
  if (!isNumber(raw.valueOnCreation)) fail('valueOnCreation');
  if (!isNumber(raw.valueTarget)) fail('valueTarget');
  if (raw.status !== 'Active' && raw.status !== 'Triggered') fail('status');
  if (!isDate(raw.createdAt)) fail('createdAt');
  if (raw.triggeredAt != null && !isDate(raw.triggeredAt)) fail('triggeredAt');
  if (raw.triggeredValue != null && !isNumber(raw.triggeredValue)) fail('triggeredValue');
  const alert: Alert = {
    id: raw.id as string,
    symbol: raw.symbol as Alert['symbol'],
    type: raw.type as Alert['type'],
    valueOnCreation: raw.valueOnCreation as number,
    valueTarget: raw.valueTarget as number,
    status: raw.status as Alert['status'],
    createdAt: raw.createdAt as string,
    ...(isInterval(raw.interval) ? { interval: raw.interval } : {}),
    ...(isDate(raw.triggeredAt) ? { triggeredAt: raw.triggeredAt } : {}),
    ...(isNumber(raw.triggeredValue) ? { triggeredValue: raw.triggeredValue } : {}),
  };
  return alert;
}
