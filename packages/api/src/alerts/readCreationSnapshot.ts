import {
  type AlertType,
  INTERVAL_INFO,
  type Interval,
  intervalOpenTime,
  type SymbolId,
  type UnixSeconds,
} from '@pairwatch/domain';
import { ApiProblem } from '../errors/ApiProblem';
import { type MarketData } from '../market/MarketData';
import { loadRsiHistory } from './loadRsiHistory';

/** The live value an alert is created against, and the candle it was read from. */
export interface CreationSnapshot {
  /** `valueOnCreation`: the latest 1-minute close, or the live RSI of the alert's interval. */
  readonly value: number;
  /** Open time of the forming candle of the watched stream (the alert's interval). */
  readonly candleTime: UnixSeconds;
  /** That candle's high and low so far (the RSI itself for RSI alerts). */
  readonly high: number;
  readonly low: number;
}

/**
 * Reads the value a new alert starts from: the server's latest price (the forming 1-minute candle)
 * or the live RSI (close) of the RSI interval over {@link loadRsiHistory}'s candles.
 *
 * @throws ApiProblem `UPSTREAM_UNAVAILABLE` when the market has no price yet or too little history
 * for an RSI, and whatever the market port throws when it cannot answer.
 */
export async function readCreationSnapshot(
  marketData: MarketData,
  request: {
    readonly symbol: SymbolId;
    readonly type: AlertType;
    readonly interval: Interval | undefined;
  },
  nowMs: number,
): Promise<CreationSnapshot> {
  const { symbol } = request;
  if (request.type === 'Price') {
    // The candle of the alert's own interval: its extremes so far are what came before creation.
    const interval = request.interval ?? 'OneMinute';
    // The cached 1-minute candle is live only while someone holds the stream; an older one is
    // refetched. A longer bar's cached copy may be minutes old within its own bar: always asked.
    const freshFrom = intervalOpenTime('OneMinute', Math.floor(nowMs / 1000) as UnixSeconds) - 60;
    let candle = interval === 'OneMinute' ? marketData.latestCandle(symbol, interval) : undefined;
    if (candle === undefined || candle.time < freshFrom) {
      candle = (await marketData.getCandles({ symbol, interval, limit: 1 })).at(-1) ?? candle;
    }
    if (candle === undefined) {
      throw new ApiProblem(
        'UPSTREAM_UNAVAILABLE',
        `There is no live price for ${symbol} yet. Try again in a moment.`,
        5,
      );
    }
    return { value: candle.close, candleTime: candle.time, high: candle.high, low: candle.low };
  }
  const interval = request.interval ?? 'OneMinute';
  const { candles, calculator } = await loadRsiHistory(marketData, symbol, interval);
  const value = calculator.latest;
  const last = candles.at(-1);
  if (value === undefined || last === undefined) {
    throw new ApiProblem(
      'UPSTREAM_UNAVAILABLE',
      `${symbol} has only ${candles.length} ${INTERVAL_INFO[interval].label} candles, too few for an RSI. Try another interval.`,
    );
  }
  return { value, candleTime: last.time, high: value, low: value };
}
