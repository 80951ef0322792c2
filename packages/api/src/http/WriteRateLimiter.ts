import { type FastifyRequest } from 'fastify';
import { ApiProblem } from '../errors/ApiProblem';
import { requestClientAddress } from './requestClientAddress';
import { clientKey } from '@pairwatch/signalr-server';

/** Options of {@link WriteRateLimiter}. */
export interface WriteRateLimiterOptions {
  /** Burst: writes a client may make at once. Default 120 (enough to fill MAX_ACTIVE_ALERTS=100 in one go). */
  readonly capacity?: number;
  /** Sustained writes per second per client. Default 2. */
  readonly refillPerSecond?: number;
  /** Clients remembered at most; beyond it the least recently seen is forgotten. Default 10 000. */
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
 *
 * At most `maxClients` buckets are kept: a new client beyond that evicts the least recently seen
 * one (O(1): the map is kept in order of last use). A forgotten client starts again with a full
 * bucket, the same as one that waited; refusing new clients instead would let a crowd of busy
 * addresses lock everyone else out.
 */
export class WriteRateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly capacity: number;
  private readonly refill: number;
  private readonly maxClients: number;
  private readonly now: () => number;

  constructor(options: WriteRateLimiterOptions = {}) {
    this.capacity = options.capacity ?? 120;
    this.refill = options.refillPerSecond ?? 2;
    this.maxClients = options.maxClients ?? 10_000;
    if (!Number.isInteger(this.maxClients) || this.maxClients < 1) {
      throw new RangeError(`maxClients must be a whole number ≥ 1, got ${this.maxClients}.`);
    }
    this.now = options.now ?? Date.now;
  }

  /**
   * Takes a token for `client`.
   *
   * @returns 0 when the write may go ahead, else the seconds to wait.
   */
  take(client: string): number {
    const now = this.now();
    const bucket = this.buckets.get(client) ?? { tokens: this.capacity, at: now };
    bucket.tokens = Math.min(
      this.capacity,
      bucket.tokens + ((now - bucket.at) / 1000) * this.refill,
    );
    bucket.at = now;
    // Re-inserting moves the client to the end: the map's first key is the least recently seen.
    if (!this.buckets.delete(client)) this.makeRoom();
    this.buckets.set(client, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / this.refill));
  }

  /** How many clients' buckets are remembered now (at most `maxClients`). */
  get rememberedClients(): number {
    return this.buckets.size;
  }

  /** A Fastify preHandler that answers 429 when the request's address is over its budget. */
  readonly preHandler = async (request: FastifyRequest): Promise<void> => {
    // The client's address (not a header it wrote itself), an IPv6 client by its /64.
    const wait = this.take(clientKey(requestClientAddress(request)));
    if (wait > 0) {
      throw new ApiProblem(
        'RATE_LIMITED',
        `Too many changes from your address. Try again in ${wait} s.`,
        wait,
      );
    }
  };

  /** Forgets the least recently seen clients until a new one fits. */
  private makeRoom(): void {
    for (const client of this.buckets.keys()) {
      if (this.buckets.size < this.maxClients) return;
      this.buckets.delete(client);
    }
  }
}
