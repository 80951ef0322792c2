import { type Position, type PositionEndReason, positionFieldsSchema } from '@pairwatch/domain';

const END_REASONS: readonly PositionEndReason[] = ['Closed', 'Filled'];

function show(value: unknown): string {
  return value === undefined ? 'nothing' : JSON.stringify(value);
}

/**
 * Checks that an untrusted value (an imported file, the original app's localStorage) is a valid
 * position: a whole id from 1 up, the Add position form's rules for symbol, side, amount, price and
 * TP, and an end price exactly when there is an end reason.
 *
 * @throws Error naming the first offending field and the value found.
 */
export function parsePosition(value: unknown): Position {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`expected a position object, got ${show(value)}`);
  }
  const record = value as Record<string, unknown>;
  const { id, symbol, side, amount, price, tp, endReason, endPrice } = record;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) {
    throw new Error(`id must be a whole number from 1 up, got ${show(id)}`);
  }
  for (const [field, fieldValue] of [
    ['amount', amount],
    ['price', price],
    ['tp', tp],
  ] as const) {
    if (typeof fieldValue !== 'number') {
      throw new Error(`${field} must be a number, got ${show(fieldValue)}`);
    }
  }
  try {
    positionFieldsSchema.validateSync({ symbol, side, amount, price, tp }, { abortEarly: true });
  } catch (error: unknown) {
    // yup's ValidationError carries the form's message for the first failing field.
    throw new Error(error instanceof Error ? error.message : String(error));
  }
  if (endReason === undefined) {
    if (endPrice !== undefined) {
      throw new Error(`endPrice ${show(endPrice)} is set but endReason is missing`);
    }
    return { id, symbol, side, amount, price, tp } as Position;
  }
  if (!END_REASONS.includes(endReason as PositionEndReason)) {
    throw new Error(`endReason must be one of ${END_REASONS.join(', ')}, got ${show(endReason)}`);
  }
  if (typeof endPrice !== 'number' || !Number.isFinite(endPrice) || endPrice <= 0) {
    throw new Error(
      `endPrice must be a positive number when endReason is set, got ${show(endPrice)}`,
    );
  }
  return { id, symbol, side, amount, price, tp, endReason, endPrice } as Position;
}
