import { type Ohlcv, QUOTE_DECIMALS } from './Ohlcv';
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
  readonly seed: number;
  /** Distinguishes the pairs' draws. */
  readonly symbolIndex: number;
  /** The UTC day (days since the epoch) where the walk equals the reference price. */
  readonly anchorDay: number;
}

/**
 * The coarse level of the simulated history: one candle per UTC day from the listing day on.
 * Daily closes follow a mean-reverting walk in log price (an Ornstein–Uhlenbeck process) pinned to
 * the reference price at the anchor day and generated outwards from it, with a long-run growth
 * trend before the anchor; each day opens at the previous close. Days are generated once and kept
 * (a few thousand per pair); later days are appended as the clock reaches them.
 */
export class DaySeries {
  /** The first UTC day with candles. */
  readonly listingDay: number;
  private readonly firstWalkDay: number;
  private readonly walk: number[] = [];
  private readonly candles: Ohlcv[] = [];
  private readonly tradesPrefix: number[] = [0];
  private readonly referenceTicks: number;
  private readonly reversion: number;

  constructor(private readonly options: DaySeriesOptions) {
    const { profile, anchorDay } = options;
    const listedAt = Date.parse(`${profile.listedOn}T00:00:00Z`);
    if (!Number.isFinite(listedAt)) {
      throw new RangeError(`Bad listing date '${profile.listedOn}'`);
    }
    this.listingDay = Math.floor(listedAt / DAY_MS);
    this.firstWalkDay = Math.min(this.listingDay - 1, anchorDay);
    this.referenceTicks = profile.referencePrice * 10 ** options.tickDecimals;
    this.reversion = 1 - 1 / profile.reversionDays;

    // Walk backwards from the anchor (where it is 0) to the first day, then forwards.
    const backwards: number[] = [0];
    for (let day = anchorDay - 1; day >= this.firstWalkDay; day -= 1) {
      const next = backwards[backwards.length - 1] ?? 0;
      backwards.push(next * this.reversion + this.shock(day));
    }
    this.walk = backwards.reverse();
    this.extendWalk(this.listingDay);
  }

  /** The last UTC day generated so far. */
  get lastDay(): number {
    return this.listingDay + this.candles.length - 1;
  }

  /** The candle of a UTC day at or after the listing day. */
  candle(day: number): Ohlcv {
    this.ensure(day);
    const candle = this.candles[day - this.listingDay];
    if (!candle)
      throw new RangeError(`No day candle for day ${day} (listing day ${this.listingDay})`);
    return candle;
  }

  /** The number of trades from the listing up to the start of `day`. */
  tradesBefore(day: number): number {
    if (day <= this.listingDay) return 0;
    this.ensure(day - 1);
    return this.tradesPrefix[day - this.listingDay] ?? 0;
  }

  private ensure(day: number): void {
    if (day < this.listingDay) {
      throw new RangeError(`Day ${day} is before the listing day ${this.listingDay}`);
    }
    while (this.lastDay < day) this.appendDay(this.lastDay + 1);
  }

  private shock(day: number): number {
    const random = new SeededRandom(
      SeededRandom.hash(this.options.seed, this.options.symbolIndex, WALK_SALT, day),
    );
    return this.options.profile.dailyVolatility * random.normal();
  }

  private extendWalk(day: number): void {
    while (this.firstWalkDay + this.walk.length - 1 < day) {
      const next = this.firstWalkDay + this.walk.length;
      const previous = this.walk[this.walk.length - 1] ?? 0;
      this.walk.push(previous * this.reversion + this.shock(next));
    }
  }

  private closeTicks(day: number): number {
    this.extendWalk(day);
    const walk = this.walk[day - this.firstWalkDay] ?? 0;
    const yearsBeforeAnchor = Math.min(0, day - this.options.anchorDay) / DAYS_PER_YEAR;
    const trend = this.options.profile.growthPerYear * yearsBeforeAnchor;
    return Math.max(1, Math.round(this.referenceTicks * Math.exp(trend + walk)));
  }

  private appendDay(day: number): void {
    const { profile, tickDecimals, lotDecimals, seed, symbolIndex } = this.options;
    const random = new SeededRandom(SeededRandom.hash(seed, symbolIndex, DAY_SALT, day));
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
      (volume / 10 ** lotDecimals) * typicalPrice * 10 ** QUOTE_DECIMALS,
    );
    const takerBuyQuoteVolume =
      volume > 0 ? Math.min(quoteVolume, Math.round((quoteVolume * takerBuyVolume) / volume)) : 0;
    this.candles.push({
      open,
      high,
      low,
      close,
      volume,
      quoteVolume,
      trades,
      takerBuyVolume,
      takerBuyQuoteVolume,
    });
    this.tradesPrefix.push((this.tradesPrefix[this.tradesPrefix.length - 1] ?? 0) + trades);
  }
}
