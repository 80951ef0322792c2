import { type Kline } from '../market/Kline';

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
