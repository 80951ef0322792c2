import { type Kline } from '../market/Kline';

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
