/** The text a toast shows for a failure: the error's message, which carries the reason. */
export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
