/** A form field as typed (string) or as sent on the wire (number). */
export type NumberInput = string | number | null | undefined;

export function isBlank(value: NumberInput): boolean {
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
