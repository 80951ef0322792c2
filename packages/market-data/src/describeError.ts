/**
 * The text of a thrown value, for a {@link MarketDataError}'s `detail`.
 *
 * @example `describeError(new Error('ECONNREFUSED')) // 'ECONNREFUSED'`
 */
export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
