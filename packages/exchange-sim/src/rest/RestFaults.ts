import { BinanceError } from './BinanceError';

/** The REST faults a test can inject. */
export type RestFaultState =
  | { readonly kind: 'none' }
  | { readonly kind: 'rateLimit'; readonly remaining: number; readonly retryAfterSeconds: number }
  | { readonly kind: 'serverError'; readonly remaining: number; readonly status: number };

/**
 * Injected REST failures for tests: the next N requests fail as rate limited (429 with
 * `Retry-After`, and 418 for a request that comes back before that wait is over, as Binance bans
 * clients that ignore it) or with a server error. Each failing request uses up one of the N.
 */
export class RestFaults {
  private state: RestFaultState = { kind: 'none' };
  private waitUntil = 0;

  constructor(
    private readonly clock: () => number,
    private readonly weightLimit: number,
  ) {}

  /** The current fault (for the control API's state). */
  get current(): RestFaultState {
    return this.state;
  }

  /** The next `count` requests are rate limited; `retryAfterSeconds` is the advertised wait. */
  rateLimit(count: number, retryAfterSeconds: number): void {
    this.state = { kind: 'rateLimit', remaining: count, retryAfterSeconds };
    this.waitUntil = 0;
  }

  /** The next `count` requests fail with HTTP `status` (5xx). */
  serverError(count: number, status: number): void {
    this.state = { kind: 'serverError', remaining: count, status };
  }

  /** No more injected REST failures. */
  reset(): void {
    this.state = { kind: 'none' };
    this.waitUntil = 0;
  }

  /** The failure for this request, if any (consumes one). */
  take(): BinanceError | undefined {
    const state = this.state;
    if (state.kind === 'none') return undefined;
    const remaining = state.remaining - 1;
    this.state = remaining > 0 ? { ...state, remaining } : { kind: 'none' };
    if (state.kind === 'serverError') {
      return new BinanceError(
        state.status,
        -1001,
        'Internal error; unable to process your request. Please try again.',
      );
    }
    const now = this.clock();
    const waitMs = state.retryAfterSeconds * 1000;
    if (now < this.waitUntil) {
      // The client came back before the advertised wait: banned.
      this.waitUntil = now + waitMs;
      return BinanceError.banned(this.waitUntil, state.retryAfterSeconds);
    }
    this.waitUntil = now + waitMs;
    return BinanceError.tooMuchWeight(this.weightLimit, state.retryAfterSeconds);
  }
}
