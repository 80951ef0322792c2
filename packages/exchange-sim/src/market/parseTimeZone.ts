const MINUTE_MS = 60_000;

/**
 * Parses Binance's `timeZone` value (`0`, `8`, `-1:00`, `+05:45`; range −12:00 … +14:00) into an
 * offset east of UTC in ms, or `undefined` when it is not valid.
 */
export function parseTimeZone(value: string): number | undefined {
  const match = /^([+-]?)(\d{1,2})(?::(\d{2}))?$/.exec(value);
  if (!match) return undefined;
  const hours = Number(match[2]);
  const minutes = match[3] === undefined ? 0 : Number(match[3]);
  if (minutes >= 60) return undefined;
  const sign = match[1] === '-' ? -1 : 1;
  const total = sign * (hours * 60 + minutes);
  if (total < -12 * 60 || total > 14 * 60) return undefined;
  return total * MINUTE_MS;
}
