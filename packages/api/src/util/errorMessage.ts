/**
 * The message of a thrown value. Duck-typed rather than `instanceof Error`: errors from Node's
 * core and from fetch may come from another realm (under jest they do).
 */
export function errorMessage(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const { message } = error as { message: unknown };
    if (typeof message === 'string') return message;
  }
  return String(error);
}
