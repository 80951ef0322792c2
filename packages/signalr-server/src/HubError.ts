/**
 * An error whose message is safe to show to the caller. Throw it from a hub method to fail the
 * invocation with exactly this text; any other error is reported to the client as ASP.NET does,
 * `An unexpected error occurred invoking 'X' on the server.`, and logged with its details.
 *
 * @example
 * ```ts
 * hub.addMethod('Subscribe', [guards.string], (caller, symbol) => {
 *   if (!known.has(symbol)) throw new HubError(`Unknown symbol '${symbol}'.`);
 * });
 * ```
 * @public
 */
export class HubError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HubError';
  }
}
