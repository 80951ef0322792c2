/**
 * The price bar every package exchanges: one OHLC(V) candle, and the live update of one stream's
 * forming candle.
 *
 * @module
 */
import { type Interval } from './intervals';
import { type SymbolId } from './symbols';
import { type UnixSeconds } from './time';

/** One OHLC(V) bar. `time` is the open time in Unix seconds (UTC). */
export interface Candle {
  readonly time: UnixSeconds;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
  /** Base-asset volume; absent where a source does not give it. */
  readonly volume?: number;
}

/** A live update of the forming (or just closed) candle of one stream, as the hub sends it. */
export interface CandleUpdate {
  readonly symbol: SymbolId;
  readonly interval: Interval;
  readonly candle: Candle;
}
