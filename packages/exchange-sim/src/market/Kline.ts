import { type SymbolId } from '@pairwatch/domain';
import { type KlineCode } from './KlineInterval';

/**
 * One kline as Binance sends it, decimals already written as Binance strings ("43519.34000000").
 * REST rows (`klineRow`) and stream events (`klineEvent`) are two layouts of this.
 */
export interface Kline {
  readonly symbol: SymbolId;
  readonly interval: KlineCode;
  /** Open time, ms. */
  readonly openTime: number;
  /** Close time, ms: the next open − 1. */
  readonly closeTime: number;
  readonly open: string;
  readonly high: string;
  readonly low: string;
  readonly close: string;
  /** Base asset volume. */
  readonly volume: string;
  readonly quoteVolume: string;
  readonly trades: number;
  readonly takerBuyVolume: string;
  readonly takerBuyQuoteVolume: string;
  /** First and last trade id; −1 when the kline has no trade. */
  readonly firstTradeId: number;
  readonly lastTradeId: number;
  /** Whether the kline is final (its close time has passed). */
  readonly closed: boolean;
}

/** One row of a `GET /api/v3/klines` answer: Binance's 12-element array. */
export type KlineRow = [
  number,
  string,
  string,
  string,
  string,
  string,
  number,
  string,
  number,
  string,
  string,
  string,
];

/** Lays a kline out as a REST row (index 11 is the unused field, always "0" in real data). */
export function klineRow(kline: Kline): KlineRow {
  return [
    kline.openTime,
    kline.open,
    kline.high,
    kline.low,
    kline.close,
    kline.volume,
    kline.closeTime,
    kline.quoteVolume,
    kline.trades,
    kline.takerBuyVolume,
    kline.takerBuyQuoteVolume,
    '0',
  ];
}

/** A kline stream event as Binance sends it. */
export interface KlineEvent {
  readonly e: 'kline';
  readonly E: number;
  readonly s: string;
  readonly k: {
    readonly t: number;
    readonly T: number;
    readonly s: string;
    readonly i: string;
    readonly f: number;
    readonly L: number;
    readonly o: string;
    readonly c: string;
    readonly h: string;
    readonly l: string;
    readonly v: string;
    readonly n: number;
    readonly x: boolean;
    readonly q: string;
    readonly V: string;
    readonly Q: string;
    readonly B: string;
  };
}

/** Lays a kline out as a stream event sent at `eventTime` (key order as Binance's). */
export function klineEvent(kline: Kline, eventTime: number): KlineEvent {
  return {
    e: 'kline',
    E: eventTime,
    s: kline.symbol,
    k: {
      t: kline.openTime,
      T: kline.closeTime,
      s: kline.symbol,
      i: kline.interval,
      f: kline.firstTradeId,
      L: kline.lastTradeId,
      o: kline.open,
      c: kline.close,
      h: kline.high,
      l: kline.low,
      v: kline.volume,
      n: kline.trades,
      x: kline.closed,
      q: kline.quoteVolume,
      V: kline.takerBuyVolume,
      Q: kline.takerBuyQuoteVolume,
      B: '0',
    },
  };
}
