import { type FastifyRequest } from 'fastify';
import { ApiProblem } from '../errors/ApiProblem';

/** Options of {@link WriteRateLimiter}. */
export interface WriteRateLimiterOptions {
  /** Burst: writes a client may make at once. Default 120 (enough to fill MAX_ACTIVE_ALERTS=100 in one go). */
  readonly capacity?: number;
  /** Sustained writes per second per client. Default 2. */
  readonly refillPerSecond?: number;
  /** Clients remembered before idle (full) buckets are swept. Default 10 000. */
  readonly maxClients?: number;
  readonly now?: () => number;
}

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * A token bucket per client address for the alert and push-subscription writes: a burst of
 * `capacity`, then `refillPerSecond`. A refused write gets 429 with `Retry-After`.
 */
export class WriteRateLimiter {
  private readonly _buckets = new Map<string, Bucket>();
  private readonly _capacity: number;
  private readonly _refill: number;
  private readonly _maxClients: number;
  private readonly _now: () => number;

  public constructor(options: WriteRateLimiterOptions = {}) {
    this._capacity = options.capacity ?? 120;
    this._refill = options.refillPerSecond ?? 2;
    this._maxClients = options.maxClients ?? 10_000;
    this._now = options.now ?? Date.now;
  }

  /**
   * Takes a token for `client`.
   *
   * @returns 0 when the write may go ahead, else the seconds to wait.
   */
  public take(client: string): number {
    const now = this._now();
    const bucket = this._buckets.get(client) ?? { tokens: this._capacity, at: now };
    bucket.tokens = Math.min(
      this._capacity,
      bucket.tokens + ((now - bucket.at) / 1000) * this._refill,
    );
    bucket.at = now;
    if (!this._buckets.has(client)) {
      if (this._buckets.size >= this._maxClients) this._sweep(now);
      this._buckets.set(client, bucket);
    }
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / this._refill));
  }

  /** A Fastify preHandler that answers 429 when the request's address is over its budget. */
  public readonly preHandler = async (request: FastifyRequest): Promise<void> => {
    const wait = this.take(request.ip);
    if (wait > 0) {
      throw new ApiProblem(
        'RATE_LIMITED',
        `Too many changes from your address. Try again in ${wait} s.`,
        wait,
      );
    }
  };

  /** Forgets clients whose bucket has refilled (they are indistinguishable from new ones). */
  private _sweep(now: number): void {
    for (const [client, bucket] of this._buckets) {
      if (bucket.tokens + ((now - bucket.at) / 1000) * this._refill >= this._capacity)
        this._buckets.delete(client);
    }
  }
}
