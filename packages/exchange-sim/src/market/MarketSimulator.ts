import { type SymbolId } from '@pairwatch/domain';
import { PairStatuses } from '../catalogue/PairStatuses';
import { SimCatalogue } from '../catalogue/SimCatalogue';
import { type Ohlcv } from '../model/Ohlcv';
import { OhlcvBuilder } from '../model/OhlcvBuilder';
import { PriceAdjustments } from '../model/PriceAdjustments';
import { PriceModel } from '../model/PriceModel';
import { SeededRandom } from '../model/SeededRandom';
import { formatUnits } from './formatUnits';
import { type Kline } from './Kline';
import { type KlineInterval } from './KlineInterval';
import { SimInputError } from './SimInputError';

/** The default anchor: every pair's walk passes through its reference price on this day. */
export const DEFAULT_ANCHOR_TIME = Date.UTC(2026, 10, 1);
/** Trade ids start here, so ids look like an exchange's rather than small counters. */
const FIRST_TRADE_ID = 100_000_000;

/** Options of the market simulator. */
export interface MarketSimulatorOptions {
  /** Same seed, same market (default 1). Words are hashed. */
  readonly seed?: number | string;
  /** The simulator's "now" in ms (default `Date.now`); inject one to control time in tests. */
  readonly clock?: () => number;
  /** The day each walk passes through its reference price (default 2026-11-01). */
  readonly anchorTime?: number;
  /** The pairs it lists (default: the standard catalogue of about a thousand pairs). */
  readonly catalogue?: SimCatalogue;
}

/** Which klines a query asks for, Binance's semantics. */
export interface KlineQuery {
  readonly symbol: SymbolId;
  readonly interval: KlineInterval;
  /** Klines opening at or after this time (ms). */
  readonly startTime?: number;
  /** Klines opening at or before this time (ms). */
  readonly endTime?: number;
  /** 1…1000. */
  readonly limit: number;
  /** Offset of the `timeZone` east of UTC (ms); boundaries are local, times stay UTC. */
  readonly timeZoneOffsetMs?: number;
}

/** How to move a price: by an amount of the quote asset, or by a percentage. */
export type PriceMove = { readonly by: number } | { readonly percent: number };

/** The outcome of a price control. */
export interface PriceChange {
  readonly symbol: SymbolId;
  readonly previousPrice: string;
  readonly price: string;
  /** When the change applies (ms). */
  readonly time: number;
}

/**
 * The market: the pairs it lists and their statuses, a deterministic history (`PriceModel`) read
 * through the clock, plus the price levels the controls imposed. The forming kline of every
 * interval is the aggregate of the one-second candles from its open to the current second, so REST
 * and the stream agree whenever they are asked at the same time, and a kline that closes is exactly
 * the one later served from history. Every read of a pair the catalogue does not list throws a
 * `SimInputError`.
 */
export class MarketSimulator {
  readonly clock: () => number;
  /** The pairs this market lists. */
  readonly catalogue: SimCatalogue;
  /** Their trading statuses (a control can halt a pair). */
  readonly statuses: PairStatuses;
  private readonly model: PriceModel;
  private readonly adjustments = new PriceAdjustments();

  constructor(options: MarketSimulatorOptions = {}) {
    const seed =
      typeof options.seed === 'string'
        ? SeededRandom.hashText(options.seed)
        : Math.floor(options.seed ?? 1);
    this.clock = options.clock ?? Date.now;
    this.catalogue = options.catalogue ?? SimCatalogue.standard();
    this.statuses = new PairStatuses(this.catalogue);
    this.model = new PriceModel({
      seed,
      anchorTime: options.anchorTime ?? DEFAULT_ANCHOR_TIME,
      catalogue: this.catalogue,
    });
  }

  /** The simulator's current time (ms). */
  now(): number {
    return this.clock();
  }

  /** The first trading time of a pair (ms). */
  listingTime(symbol: SymbolId): number {
    return this.model.listingSecond(symbol) * 1000;
  }

  /** Klines as `GET /api/v3/klines` answers them, oldest first, the last one possibly forming. */
  klines(query: KlineQuery, now = this.clock()): Kline[] {
    const { symbol, interval, startTime, endTime, limit } = query;
    const offset = query.timeZoneOffsetMs ?? 0;
    const firstOpen = interval.openTime(this.listingTime(symbol), offset);
    const lastOpen = interval.openTime(now, offset);
    const opens: number[] = [];
    if (startTime !== undefined) {
      let open = interval.openTime(startTime, offset);
      if (open < startTime) open = interval.nextOpen(open, offset);
      open = Math.max(open, firstOpen);
      const last = Math.min(lastOpen, endTime ?? lastOpen);
      while (open <= last && opens.length < limit) {
        opens.push(open);
        open = interval.nextOpen(open, offset);
      }
    } else {
      let open =
        endTime === undefined ? lastOpen : Math.min(lastOpen, interval.openTime(endTime, offset));
      while (open >= firstOpen && opens.length < limit) {
        opens.push(open);
        open = interval.previousOpen(open, offset);
      }
      opens.reverse();
    }
    const klines: Kline[] = [];
    for (const open of opens) {
      const kline = this.kline(symbol, interval, open, offset, now);
      if (kline) klines.push(kline);
    }
    return klines;
  }

  /** The kline of `interval` that contains `now` (the forming one). */
  currentKline(
    symbol: SymbolId,
    interval: KlineInterval,
    offsetMs = 0,
    now = this.clock(),
  ): Kline | undefined {
    return this.kline(symbol, interval, interval.openTime(now, offsetMs), offsetMs, now);
  }

  /**
   * The kline opening at `openTime` as known at `now`: final once its close time has passed,
   * partial while forming, `undefined` before it opens or before the listing.
   */
  kline(
    symbol: SymbolId,
    interval: KlineInterval,
    openTime: number,
    offsetMs = 0,
    now = this.clock(),
  ): Kline | undefined {
    const closeTime = interval.nextOpen(openTime, offsetMs) - 1;
    const nowSecond = Math.floor(now / 1000);
    const from = Math.max(Math.floor(openTime / 1000), this.model.listingSecond(symbol));
    const to = Math.min(Math.floor((closeTime + 1) / 1000), nowSecond + 1);
    if (to <= from) return undefined;
    const candle = this.aggregate(symbol, from, to);
    if (!candle) return undefined;
    const firstTradeId = FIRST_TRADE_ID + this.model.tradesBefore(symbol, from);
    const {
      tickDecimals: priceDecimals,
      lotDecimals,
      quoteDecimals,
    } = this.catalogue.require(symbol);
    return {
      symbol,
      interval: interval.code,
      openTime,
      closeTime,
      open: formatUnits(candle.open, priceDecimals),
      high: formatUnits(candle.high, priceDecimals),
      low: formatUnits(candle.low, priceDecimals),
      close: formatUnits(candle.close, priceDecimals),
      volume: formatUnits(candle.volume, lotDecimals),
      quoteVolume: formatUnits(candle.quoteVolume, quoteDecimals),
      trades: candle.trades,
      takerBuyVolume: formatUnits(candle.takerBuyVolume, lotDecimals),
      takerBuyQuoteVolume: formatUnits(candle.takerBuyQuoteVolume, quoteDecimals),
      firstTradeId: candle.trades > 0 ? firstTradeId : -1,
      lastTradeId: candle.trades > 0 ? firstTradeId + candle.trades - 1 : -1,
      closed: now > closeTime,
    };
  }

  /** The last price of a pair, as Binance writes it ("90000.00000000"). */
  priceText(symbol: SymbolId, now = this.clock()): string {
    return formatUnits(this.priceTicks(symbol, now), this.catalogue.require(symbol).tickDecimals);
  }

  /** The last price of a pair. */
  price(symbol: SymbolId, now = this.clock()): number {
    return this.priceTicks(symbol, now) / 10 ** this.catalogue.require(symbol).tickDecimals;
  }

  /**
   * Sets the price now. The walk carries on from the new level; the current candles' high and low
   * stretch to include it, so watchers of highs and lows see the crossing.
   *
   * @throws SimInputError when the price is not a positive number below the pair's maxPrice, or
   *   rounds to zero at the tick size; nothing changes then.
   */
  setPrice(symbol: SymbolId, price: number, now = this.clock()): PriceChange {
    const pair = this.catalogue.require(symbol);
    const decimals = pair.tickDecimals;
    const maxPrice = pair.profile.maxPrice;
    if (typeof price !== 'number' || !Number.isFinite(price) || price <= 0 || price > maxPrice) {
      throw new SimInputError(
        `The price of ${symbol} must be a number above 0 and at most ${maxPrice}, got ${String(price)}`,
      );
    }
    const ticks = Math.round(price * 10 ** decimals);
    if (ticks < 1) {
      throw new SimInputError(
        `The price ${price} of ${symbol} rounds to zero at its tick size ${formatUnits(1, decimals)}`,
      );
    }
    const second = Math.max(Math.floor(now / 1000), this.model.listingSecond(symbol));
    const previousPrice = this.priceText(symbol, now);
    const modelClose = this.model.second(symbol, second).close;
    this.adjustments.add(symbol, { second, factor: ticks / modelClose });
    return { symbol, previousPrice, price: formatUnits(ticks, decimals), time: now };
  }

  /**
   * Moves the price now by an amount or a percentage (see `setPrice`).
   *
   * @throws SimInputError when the move is not a finite number or leads to a price that
   *   `setPrice` refuses.
   */
  movePrice(symbol: SymbolId, move: PriceMove, now = this.clock()): PriceChange {
    const current = this.price(symbol, now);
    let target: number;
    if ('by' in move) {
      if (typeof move.by !== 'number' || !Number.isFinite(move.by)) {
        throw new SimInputError(`'by' must be a finite number, got ${String(move.by)}`);
      }
      target = current + move.by;
    } else {
      if (typeof move.percent !== 'number' || !Number.isFinite(move.percent)) {
        throw new SimInputError(`'percent' must be a finite number, got ${String(move.percent)}`);
      }
      target = current * (1 + move.percent / 100);
    }
    return this.setPrice(symbol, target, now);
  }

  /** Drops every price level set by the controls: prices follow the seeded model again. */
  resetPrices(): void {
    this.adjustments.clear();
  }

  /** The pairs whose price a control set, oldest change first. */
  adjustedSymbols(): SymbolId[] {
    return this.adjustments.symbols();
  }

  private priceTicks(symbol: SymbolId, now: number): number {
    const second = Math.max(Math.floor(now / 1000), this.model.listingSecond(symbol));
    const candle = this.aggregate(symbol, second, second + 1);
    if (!candle) throw new Error(`No price for ${symbol} at ${new Date(now).toISOString()}`);
    return candle.close;
  }

  /** The model aggregate of the seconds [from, to) with the imposed price levels applied. */
  private aggregate(symbol: SymbolId, from: number, to: number): Ohlcv | undefined {
    const changes = this.adjustments.within(symbol, from, to);
    let factor = this.adjustments.factorBefore(symbol, from);
    if (changes.length === 0 && factor === 1) return this.model.aggregate(symbol, from, to);
    const builder = new OhlcvBuilder();
    const addSegment = (start: number, end: number, segmentFactor: number): void => {
      const segment = this.model.aggregate(symbol, start, end);
      if (segment) builder.addScaled(segment, segmentFactor);
    };
    let cursor = from;
    let index = 0;
    while (index < changes.length) {
      const second = changes[index]?.second ?? to;
      const factors = [factor];
      while (index < changes.length && changes[index]?.second === second) {
        factors.push(changes[index]?.factor ?? factor);
        index += 1;
      }
      if (cursor < second) addSegment(cursor, second, factor);
      if (second >= this.model.listingSecond(symbol)) {
        builder.addRescaled(this.model.second(symbol, second), factors);
      }
      factor = factors[factors.length - 1] ?? factor;
      cursor = second + 1;
    }
    if (cursor < to) addSegment(cursor, to, factor);
    return builder.isEmpty ? undefined : builder.build();
  }
}
