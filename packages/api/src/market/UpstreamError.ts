import { ApiProblem } from '../errors/ApiProblem';

/**
 * The market's upstream failed. It is an `ApiProblem`, so a route that cannot answer from the
 * cache lets it through and the client gets 503 (unreachable, rate-limited, banned; with
 * `Retry-After` when known) or 502 (it answered with an error or garbage).
 */
export class UpstreamError extends ApiProblem {
  override readonly name: string = 'UpstreamError';

  constructor(
    kind: 'unavailable' | 'bad-response',
    detail: string,
    /** Why, for logs (never sent to clients). */
    readonly reason: string,
    retryAfterSeconds?: number,
  ) {
    super(
      kind === 'unavailable' ? 'UPSTREAM_UNAVAILABLE' : 'UPSTREAM_BAD_RESPONSE',
      detail,
      retryAfterSeconds,
    );
  }
}
