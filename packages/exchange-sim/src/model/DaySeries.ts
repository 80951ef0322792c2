import { type Ohlcv } from './Ohlcv';
import { SeededRandom } from './SeededRandom';
import { type SymbolProfile } from './symbolProfiles';

const DAY_MS = 86_400_000;
const DAYS_PER_YEAR = 365.25;
/** Salts that keep the draws of different uses independent. */
const WALK_SALT = 1;
const DAY_SALT = 2;

/** What a day series needs to know about its pair. */
export interface DaySeriesOptions {
  readonly profile: SymbolProfile;
  /** Decimals of the tick size (prices are integers in ticks). */
  readonly tickDecimals: number;
  /** Decimals of the lot size (volumes are integers in lots). */
  readonly lotDecimals: number;
  /** Decimals of the unit of quote volumes. */
  readonly quoteDecimals: number;
  readonly seed: number;
  /** Distinguishes the pairs' draws (pairs with the same key and profile walk alike). */
  readonly drawKey: number;
  /** The UTC day (days since the epoch) where the walk equals the reference price. */
  readonly anchorDay: number;
}

/**
 * The coarse level of the simulated history: one candle per UTC day from the listing day on.
 * Daily closes follow a mean-reverting walk in log price (an Ornstein–Uhlenbeck process) pinned to
 * the reference price at the anchor day and generated outwards from it, with a long-run growth
 * trend before the anchor; each day opens at the previous close. Only the walk (one number a day,
 * as far as read) and the running trade count are kept; a day's candle is drawn again from its own
 * seed when asked for, so a pair costs at most a few tens of kB, and a thousand pairs fit.
 */
export class DaySeries {
  /** The first UTC day with candles. */
  readonly listingDay: number;
  /** The walk back from the anchor: `past[i]` is the log deviation on anchorDay − i. */
  private readonly past: number[] = [0];
  /** The walk on from the anchor: `future[i]` is the log deviation on anchorDay + i. */
  private readonly future: number[] = [0];
  /** Trades of the days from the listing day up to (not including) listingDay + i. */
  private readonly tradesPrefix: number[] = [0];
  private readonly referenceTicks: number;
  private readonly reversion: number;

  constructor(private readonly options: DaySeriesOptions) {
    const { profile } = options;
    const listedAt = Date.parse(`${profile.listedOn}T00:00:00Z`);
    if (!Number.isFinite(listedAt)) {
      throw new RangeError(`Bad listing date '${profile.listedOn}'`);
    }
    this.listingDay = Math.floor(listedAt / DAY_MS);
    this.referenceTicks = profile.referencePrice * 10 ** options.tickDecimals;
    this.reversion = 1 - 1 / profile.reversionDays;
  }

  /** The candle of a UTC day at or after the listing day. */
  candle(day: number): Ohlcv {
    if (day < this.listingDay) {
      throw new RangeError(`No day candle for day ${day} (listing day ${this.listingDay})`);
    }
    return this.drawDay(day);
  }

  /** The number of trades from the listing up to the start of `day`. */
  tradesBefore(day: number): number {
    if (day <= this.listingDay) return 0;
    const prefix = this.tradesPrefix;
    while (prefix.length <= day - this.listingDay) {
      const next = this.listingDay + prefix.length - 1;
      prefix.push((prefix[prefix.length - 1] ?? 0) + this.drawDay(next).trades);
    }
    return prefix[day - this.listingDay] ?? 0;
  }

  private shock(day: number): number {
    const random = new SeededRandom(
      SeededRandom.hash(this.options.seed, this.options.drawKey, WALK_SALT, day),
    );
    return this.options.profile.dailyVolatility * random.normal();
  }

  /**
   * The walk's log deviation from the reference on `day`: 0 at the anchor, generated outwards from
   * it in both directions as far as has been asked (reading today's price walks a few days, not the
   * years back to the listing).
   */
  private walkAt(day: number): number {
    const offset = day - this.options.anchorDay;
    const steps = offset >= 0 ? this.future : this.past;
    const wanted = Math.abs(offset);
    while (steps.length <= wanted) {
      const next = this.options.anchorDay + (offset >= 0 ? steps.length : -steps.length);
      steps.push((steps[steps.length - 1] ?? 0) * this.reversion + this.shock(next));
    }
    return steps[wanted] ?? 0;
  }

  private closeTicks(day: number): number {
    const walk = this.walkAt(day);
    const yearsBeforeAnchor = Math.min(0, day - this.options.anchorDay) / DAYS_PER_YEAR;
    const trend = this.options.profile.growthPerYear * yearsBeforeAnchor;
    return Math.max(1, Math.round(this.referenceTicks * Math.exp(trend + walk)));
  }

  /** The candle of `day`, drawn from the day's own seed: the same on every call. */
  private drawDay(day: number): Ohlcv {
    const { profile, tickDecimals, lotDecimals, quoteDecimals, seed, drawKey } = this.options;
    const random = new SeededRandom(SeededRandom.hash(seed, drawKey, DAY_SALT, day));
    const sigma = profile.dailyVolatility;
    const open = this.closeTicks(day - 1);
    const close = this.closeTicks(day);
    const logReturn = Math.log(close / open);
    const high = Math.ceil(
      Math.max(open, close) * Math.exp(sigma * 0.6 * Math.abs(random.normal())),
    );
    const low = Math.max(
      1,
      Math.floor(Math.min(open, close) * Math.exp(-sigma * 0.6 * Math.abs(random.normal()))),
    );
    // Busier days move more.
    const intensity =
      Math.exp(0.35 * random.normal() - 0.06) *
      (0.7 + 0.3 * Math.min(4, Math.abs(logReturn) / sigma));
    const volume = Math.round(profile.dailyVolume * 10 ** lotDecimals * intensity);
    const trades = Math.max(
      0,
      Math.round(profile.dailyTrades * intensity * Math.exp(0.15 * random.normal())),
    );
    const takerShare = Math.min(
      0.7,
      Math.max(0.3, 0.5 + 0.12 * Math.tanh(logReturn / sigma) + 0.03 * random.normal()),
    );
    const takerBuyVolume = Math.round(volume * takerShare);
    const typicalPrice = (open + high + low + close) / 4 / 10 ** tickDecimals;
    const quoteVolume = Math.round(
      (volume / 10 ** lotDecimals) * typicalPrice * 10 ** quoteDecimals,
    );
    const takerBuyQuoteVolume =
      volume > 0 ? Math.min(quoteVolume, Math.round((quoteVolume * takerBuyVolume) / volume)) : 0;
    return {
      open,
      high,
      low,
      close,
      volume,
      quoteVolume,
      trades,
      takerBuyVolume,
      takerBuyQuoteVolume,
    };
  }
}
