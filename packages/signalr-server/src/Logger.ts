/** One level of a {@link Logger}: pino's `(object, message)` call shape. */
export type LogFn = (details: Record<string, unknown>, message: string) => void;

/**
 * The logging the hub needs: a subset of pino's interface, so a pino logger (or a child of it)
 * can be passed as is. The hub logs connection ids but never connection tokens or URLs.
 *
 * @public
 */
export interface Logger {
  debug: LogFn;
  info: LogFn;
  warn: LogFn;
  error: LogFn;
}
