import { type SymbolId } from '@pairwatch/domain';
import { SimCatalogue } from '../catalogue/SimCatalogue';
import { bridgeCandles } from './bridgeCandles';
import { type CandleBlock } from './CandleBlock';
import { DaySeries } from './DaySeries';
import { LruCache } from './LruCache';
import { type Ohlcv } from './Ohlcv';
import { OhlcvBuilder } from './OhlcvBuilder';
import { SeededRandom } from './SeededRandom';

/**
 * The levels of the history, coarse to fine: length in seconds and how many children a candle of
 * the level is bridged into. Quarter hours sit between hours and minutes so that 5m, 15m and 30m
 * windows need only small bridges; every Binance interval up to a day tiles into these levels.
 */
const LEVELS = [
  { seconds: 86_400, children: 24 },
  { seconds: 3_600, children: 4 },
  { seconds: 900, children: 15 },
  { seconds: 60, children: 60 },
  { seconds: 1, children: 0 },
] as const;
const DAY_LEVEL = 0;
const SECOND_LEVEL = LEVELS.length - 1;
const DAY_SECONDS: number = LEVELS[DAY_LEVEL].seconds;
const LEVEL_SECONDS: readonly number[] = LEVELS.map((entry) => entry.seconds);
const LEVEL_CHILDREN: readonly number[] = LEVELS.map((entry) => entry.children);
/** Bridges kept per level (the cache of level L holds blocks of level L+1 candles). */
const CACHE_SIZES = [512, 1024, 1024, 256];
/**
 * Day series kept (per generation of the cache): the pairs being read. A series holds one number
 * per day read (tens of kB at most) and is rebuilt in a few ms at most, so a client walking the
 * whole catalogue costs time, not memory.
 */
const SERIES_CACHE_SIZE = 128;
/**
 * Day candles kept (per generation), across pairs: a series draws a day again when asked, and a
 * page of monthly klines reads years of days; this keeps repeated pages at array speed.
 */
const DAY_CACHE_SIZE = 8192;
/** Salt per level so that bridges of different levels draw independently. */
const LEVEL_SALT = 10;

/** Options of the price model. */
export interface PriceModelOptions {
  /** Any seed; the same seed gives the same history. */
  readonly seed: number;
  /** Where every pair's walk equals its reference price (ms since the epoch). */
  readonly anchorTime: number;
  /** The pairs it models (default: the standard catalogue). */
  readonly catalogue?: SimCatalogue;
}

/**
 * The deterministic market history of every pair, down to one-second candles, built coarse to
 * fine: a walk of daily candles (`DaySeries`); each day bridged into 24 hours, each hour into 4
 * quarters, each quarter into 15 minutes, each minute into 60 seconds (`bridgeCandles`). Each level
 * is an exact split of the level above, so the aggregate of any run of finer candles equals the
 * candle that contains them, and any range is computed from the coarsest pieces that tile it: a
 * thousand daily candles read a thousand days; a thousand minutes read 67 quarter-hour bridges.
 * Bridges are cached per level and day series per pair, all bounded: a pair nobody reads costs
 * nothing, and reading every pair of the catalogue does not keep them all.
 */
export class PriceModel {
  private readonly catalogue: SimCatalogue;
  private readonly days = new LruCache<SymbolId, DaySeries>(SERIES_CACHE_SIZE);
  private readonly dayCandles = new LruCache<number, Ohlcv>(DAY_CACHE_SIZE);
  private readonly blocks = CACHE_SIZES.map((size) => new LruCache<number, CandleBlock>(size));
  private readonly anchorDay: number;

  /** @throws SimInputError from any read of a pair the catalogue does not list. */
  constructor(private readonly options: PriceModelOptions) {
    this.anchorDay = Math.floor(options.anchorTime / (DAY_SECONDS * 1000));
    this.catalogue = options.catalogue ?? SimCatalogue.standard();
  }

  /** The first second with trading (00:00 UTC of the listing day). */
  listingSecond(symbol: SymbolId): number {
    return this.series(symbol).listingDay * DAY_SECONDS;
  }

  /** The one-second candle that opens at `second` (at or after the listing). */
  second(symbol: SymbolId, second: number): Ohlcv {
    const parentLevel = SECOND_LEVEL - 1;
    const parent = Math.floor(second / (LEVEL_SECONDS[parentLevel] ?? 1));
    const block = this.block(symbol, parentLevel, parent);
    return block.candle(second - parent * (LEVEL_CHILDREN[parentLevel] ?? 1));
  }

  /**
   * The aggregate of the seconds [from, to) (clipped to the listing), or `undefined` when the
   * range holds no trading time.
   */
  aggregate(symbol: SymbolId, from: number, to: number): Ohlcv | undefined {
    const builder = new OhlcvBuilder();
    this.addRange(builder, symbol, from, to);
    return builder.isEmpty ? undefined : builder.build();
  }

  /** Adds the candles tiling the seconds [from, to) to `builder`, coarsest pieces first. */
  addRange(builder: OhlcvBuilder, symbol: SymbolId, from: number, to: number): void {
    const series = this.series(symbol);
    let t = Math.max(from, series.listingDay * DAY_SECONDS);
    while (t < to) {
      let levelIndex = DAY_LEVEL;
      let seconds = DAY_SECONDS;
      while (levelIndex < SECOND_LEVEL && (t % seconds !== 0 || t + seconds > to)) {
        levelIndex += 1;
        seconds = LEVEL_SECONDS[levelIndex] ?? 1;
      }
      const index = t / seconds;
      if (levelIndex === DAY_LEVEL) {
        builder.add(this.dayCandle(symbol, index));
      } else {
        const siblings = LEVEL_CHILDREN[levelIndex - 1] ?? 1;
        const parent = Math.floor(index / siblings);
        builder.addFromBlock(this.block(symbol, levelIndex - 1, parent), index - parent * siblings);
      }
      t += seconds;
    }
  }

  /** The number of trades from the listing up to `second` (the next trade's id offset). */
  tradesBefore(symbol: SymbolId, second: number): number {
    const t = Math.max(second, this.listingSecond(symbol));
    const day = Math.floor(t / DAY_SECONDS);
    let trades = this.series(symbol).tradesBefore(day);
    for (let levelIndex = DAY_LEVEL; levelIndex < SECOND_LEVEL; levelIndex += 1) {
      const seconds = LEVEL_SECONDS[levelIndex] ?? 1;
      const children = LEVEL_CHILDREN[levelIndex] ?? 1;
      const parent = Math.floor(t / seconds);
      const offset = t - parent * seconds;
      if (offset === 0) break;
      const child = Math.floor(offset / (seconds / children));
      trades += this.block(symbol, levelIndex, parent).get('tradesBefore', child);
    }
    return trades;
  }

  private series(symbol: SymbolId): DaySeries {
    let series = this.days.get(symbol);
    if (!series) {
      const pair = this.catalogue.require(symbol);
      series = new DaySeries({
        profile: pair.profile,
        tickDecimals: pair.tickDecimals,
        lotDecimals: pair.lotDecimals,
        quoteDecimals: pair.quoteDecimals,
        seed: this.options.seed,
        drawKey: pair.drawKey,
        anchorDay: this.anchorDay,
      });
      this.days.set(symbol, series);
    }
    return series;
  }

  /** The candle of a UTC day (at or after the listing), cached. */
  private dayCandle(symbol: SymbolId, day: number): Ohlcv {
    const key = day * this.catalogue.size + this.catalogue.require(symbol).index;
    let candle = this.dayCandles.get(key);
    if (!candle) {
      candle = this.series(symbol).candle(day);
      this.dayCandles.set(key, candle);
    }
    return candle;
  }

  /** The children of candle `index` of level `levelIndex` (which must not be the finest). */
  private block(symbol: SymbolId, levelIndex: number, index: number): CandleBlock {
    const cache = this.blocks[levelIndex];
    if (!cache) throw new RangeError(`Level ${levelIndex} has no children`);
    const pair = this.catalogue.require(symbol);
    // Unique per (pair, candle): a minute's index times ~1,000 pairs stays far below 2^53.
    const key = index * this.catalogue.size + pair.index;
    const cached = cache.get(key);
    if (cached) return cached;
    let parent: Ohlcv;
    if (levelIndex === DAY_LEVEL) {
      parent = this.dayCandle(symbol, index);
    } else {
      const above = LEVEL_CHILDREN[levelIndex - 1] ?? 1;
      const grandParent = Math.floor(index / above);
      parent = this.block(symbol, levelIndex - 1, grandParent).candle(index - grandParent * above);
    }
    const random = new SeededRandom(
      SeededRandom.hash(this.options.seed, pair.drawKey, LEVEL_SALT + levelIndex, index),
    );
    const block = bridgeCandles(parent, LEVEL_CHILDREN[levelIndex] ?? 0, random);
    cache.set(key, block);
    return block;
  }
}
