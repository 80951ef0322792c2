/** Longest part of a client's input echoed in an error message. */
const MAX_QUOTED_LENGTH = 40;

/**
 * Echoes client input in an error message, quoted and cut to 40 characters, so a long value
 * cannot grow the message.
 *
 * @example `quoteInput('BTCUSDX')` → `'BTCUSDX'` (with the quotes)
 */
export function quoteInput(value: string): string {
  return `'${value.length > MAX_QUOTED_LENGTH ? `${value.slice(0, MAX_QUOTED_LENGTH)}…` : value}'`;
}
