/**
 * An error answer in Binance's shape: HTTP status plus `{"code":…,"msg":…}` (codes and messages as
 * in Binance's errors.md).
 */
export class BinanceError extends Error {
  override readonly name = 'BinanceError';

  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    /** Seconds for a `Retry-After` header (429/418). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }

  /** The JSON body Binance sends. */
  toJSON(): { code: number; msg: string } {
    return { code: this.code, msg: this.message };
  }

  /** -1100: a parameter does not match its pattern. */
  static illegalChars(parameter: string, pattern: string): BinanceError {
    return new BinanceError(
      400,
      -1100,
      `Illegal characters found in parameter '${parameter}'; legal range is '${pattern}'.`,
    );
  }

  /** -1102: a mandatory parameter is missing or empty. */
  static mandatory(parameter: string): BinanceError {
    return new BinanceError(
      400,
      -1102,
      `Mandatory parameter '${parameter}' was not sent, was empty/null, or malformed.`,
    );
  }

  /** -1121: unknown symbol. */
  static invalidSymbol(): BinanceError {
    return new BinanceError(400, -1121, 'Invalid symbol.');
  }

  /** -1130: a parameter has an invalid value. */
  static invalidParameter(parameter: string): BinanceError {
    return new BinanceError(400, -1130, `Data sent for parameter '${parameter}' is not valid.`);
  }

  /** -1128: parameters that cannot be combined. */
  static badCombination(): BinanceError {
    return new BinanceError(400, -1128, 'Combination of optional parameters invalid.');
  }

  /** 429 -1003: request weight over the limit (message from errors.md's template). */
  static tooMuchWeight(limit: number, retryAfterSeconds: number): BinanceError {
    return new BinanceError(
      429,
      -1003,
      `Too much request weight used; current limit is ${limit} request weight per 1 MINUTE. Please use WebSocket Streams for live updates to avoid polling the API.`,
      retryAfterSeconds,
    );
  }

  /** 418 -1003: the IP is banned until `until` (ms), for ignoring a 429. */
  static banned(until: number, retryAfterSeconds: number): BinanceError {
    return new BinanceError(
      418,
      -1003,
      `Way too much request weight used; IP banned until ${until}. Please use WebSocket Streams for live updates to avoid bans.`,
      retryAfterSeconds,
    );
  }
}
