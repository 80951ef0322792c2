import { SYMBOL_CATALOGUE, SYMBOLS, type SymbolId } from '@pairwatch/domain';
import { bridgeCandles } from './bridgeCandles';
import { type CandleBlock } from './CandleBlock';
import { DaySeries } from './DaySeries';
import { LruCache } from './LruCache';
import { type Ohlcv } from './Ohlcv';
import { OhlcvBuilder } from './OhlcvBuilder';
import { SeededRandom } from './SeededRandom';
import { SYMBOL_PROFILES } from './symbolProfiles';

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
const SYMBOL_INDEX = new Map<SymbolId, number>(SYMBOLS.map((symbol, index) => [symbol, index]));
/** Bridges kept per level (the cache of level L holds blocks of level L+1 candles). */
const CACHE_SIZES = [512, 1024, 1024, 256];
/** Salt per level so that bridges of different levels draw independently. */
const LEVEL_SALT = 10;

/** Options of the price model. */
export interface PriceModelOptions {
  /** Any seed; the same seed gives the same history. */
  readonly seed: number;
  /** Where every pair's walk equals its reference price (ms since the epoch). */
  readonly anchorTime: number;
}

/**
 * The deterministic market history of every pair, down to one-second candles, built coarse to
 * fine: a walk of daily candles (`DaySeries`); each day bridged into 24 hours, each hour into 4
 * quarters, each quarter into 15 minutes, each minute into 60 seconds (`bridgeCandles`). Each level
 * is an exact split of the level above, so the aggregate of any run of finer candles equals the
 * candle that contains them, and any range is computed from the coarsest pieces that tile it: a
 * thousand daily candles read a thousand days; a thousand minutes read 67 quarter-hour bridges.
 * Bridges are cached per level.
 */
export class PriceModel {
  private readonly days = new Map<SymbolId, DaySeries>();
  private readonly blocks = CACHE_SIZES.map((size) => new LruCache<number, CandleBlock>(size));
  private readonly anchorDay: number;

  constructor(private readonly options: PriceModelOptions) {
    this.anchorDay = Math.floor(options.anchorTime / (DAY_SECONDS * 1000));
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
        builder.add(series.candle(index));
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
      const info = SYMBOL_CATALOGUE[symbol];
      series = new DaySeries({
        profile: SYMBOL_PROFILES[symbol],
        tickDecimals: info.priceFormat.precision,
        lotDecimals: info.quantityFormat.precision,
        seed: this.options.seed,
        symbolIndex: SYMBOL_INDEX.get(symbol) ?? 0,
        anchorDay: this.anchorDay,
      });
      this.days.set(symbol, series);
    }
    return series;
  }

  /** The children of candle `index` of level `levelIndex` (which must not be the finest). */
  private block(symbol: SymbolId, levelIndex: number, index: number): CandleBlock {
    const cache = this.blocks[levelIndex];
    if (!cache) throw new RangeError(`Level ${levelIndex} has no children`);
    const symbolIndex = SYMBOL_INDEX.get(symbol) ?? 0;
    const key = index * 16 + symbolIndex;
    const cached = cache.get(key);
    if (cached) return cached;
    let parent: Ohlcv;
    if (levelIndex === DAY_LEVEL) {
      parent = this.series(symbol).candle(index);
    } else {
      const above = LEVEL_CHILDREN[levelIndex - 1] ?? 1;
      const grandParent = Math.floor(index / above);
      parent = this.block(symbol, levelIndex - 1, grandParent).candle(index - grandParent * above);
    }
    const random = new SeededRandom(
      SeededRandom.hash(this.options.seed, symbolIndex, LEVEL_SALT + levelIndex, index),
    );
    const block = bridgeCandles(parent, LEVEL_CHILDREN[levelIndex] ?? 0, random);
    cache.set(key, block);
    return block;
  }
}
