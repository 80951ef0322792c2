import { BinanceError } from './BinanceError';

const MINUTE_MS = 60_000;
const FIRST_BAN_MS = 2 * MINUTE_MS;
const LONGEST_BAN_MS = 3 * 24 * 60 * MINUTE_MS;

/**
 * Binance's REQUEST_WEIGHT limit for the one client IP of a loopback simulator: weight per UTC
 * minute, a 429 when a request would exceed it (Retry-After: until the next minute), and a 418 ban
 * (2 minutes, doubling up to 3 days) for a client that keeps going after the 429.
 */
export class RequestWeightLimiter {
  private minute = -1;
  private used = 0;
  private warnedMinute = -1;
  private bannedUntil = 0;
  private nextBanMs = FIRST_BAN_MS;

  constructor(
    private readonly clock: () => number,
    readonly limit: number,
  ) {}

  /** Weight used in the current minute (the `X-MBX-USED-WEIGHT-1M` value). */
  usedWeight(): number {
    this.roll(this.clock());
    return this.used;
  }

  /**
   * Counts a request of `weight`, or returns the 429/418 it gets instead (rejected requests do not
   * count).
   */
  admit(weight: number): BinanceError | undefined {
    const now = this.clock();
    this.roll(now);
    if (now < this.bannedUntil) {
      return BinanceError.banned(this.bannedUntil, Math.ceil((this.bannedUntil - now) / 1000));
    }
    if (this.used + weight > this.limit) {
      if (this.warnedMinute === this.minute) {
        this.bannedUntil = now + this.nextBanMs;
        this.nextBanMs = Math.min(this.nextBanMs * 2, LONGEST_BAN_MS);
        return BinanceError.banned(this.bannedUntil, Math.ceil((this.bannedUntil - now) / 1000));
      }
      this.warnedMinute = this.minute;
      const retryAfter = Math.ceil(((this.minute + 1) * MINUTE_MS - now) / 1000);
      return BinanceError.tooMuchWeight(this.limit, retryAfter);
    }
    this.used += weight;
    return undefined;
  }

  /** Forgets used weight, warnings and bans. */
  reset(): void {
    this.used = 0;
    this.warnedMinute = -1;
    this.bannedUntil = 0;
    this.nextBanMs = FIRST_BAN_MS;
  }

  private roll(now: number): void {
    const minute = Math.floor(now / MINUTE_MS);
    if (minute !== this.minute) {
      this.minute = minute;
      this.used = 0;
    }
  }
}
