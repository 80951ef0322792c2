import {
  type ProblemCode,
  problemCatalogue,
  type ProblemDetails,
  problemDetails,
} from './problemCatalogue';

/**
 * An error that becomes an `application/problem+json` answer. Throw it from a route (or pass it
 * to `reply.send`) and the app's error handler renders it with the catalogue's status and title.
 *
 * @example `throw new ApiProblem('UNKNOWN_SYMBOL', "Unknown symbol 'BTCUSDX'.")`
 */
export class ApiProblem extends Error {
  override readonly name: string = 'ApiProblem';
  readonly status: number;

  /**
   * @param code - the catalogue code; it fixes the status and title.
   * @param detail - a human sentence naming the offending value.
   * @param retryAfterSeconds - sent as `Retry-After` (429/503) when known.
   */
  constructor(
    readonly code: ProblemCode,
    readonly detail: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(detail);
    this.status = problemCatalogue[code].status;
  }

  /** The body for this problem. */
  toDetails(): ProblemDetails {
    return problemDetails(this.code, this.detail);
  }
}
