import {
  DEFAULT_SYMBOLS,
  INTERVAL_INFO,
  INTERVALS,
  type Interval,
  type SymbolId,
} from '@pairwatch/domain';

/** One kline stream the hub scale bench follows, with its name on Binance's wire. */
export interface KlineStream {
  readonly symbol: SymbolId;
  readonly interval: Interval;
  /** `btcusdt@kline_1m`. */
  readonly name: string;
}

/** Every default pair with every interval: the streams the bench's clients are spread over. */
export const KLINE_STREAMS: readonly KlineStream[] = DEFAULT_SYMBOLS.flatMap((symbol) =>
  INTERVALS.map((interval) => ({
    symbol,
    interval,
    name: `${symbol.toLowerCase()}@kline_${INTERVAL_INFO[interval].binanceCode}`,
  })),
);

/** The simulator's combined-stream URL carrying every one of {@link KLINE_STREAMS}. */
export function allKlinesUrl(simWsUrl: string): string {
  return `${simWsUrl}/stream?streams=${KLINE_STREAMS.map((stream) => stream.name).join('/')}`;
}

/**
 * What identifies one kline event whichever way it travels (the simulator's raw event, or the
 * api's `CandleUpdate`, which carries no event time): stream, open time, close and volume.
 */
export function klineKey(
  symbol: string,
  binanceCode: string,
  openMs: number,
  close: number,
  volume: number,
): string {
  return `${symbol}|${binanceCode}|${openMs}|${close}|${volume}`;
}

/** A combined-stream kline message as the simulator (and so the bare relay) sends it. */
export interface CombinedKline {
  readonly stream: string;
  readonly data: {
    readonly s: string;
    readonly k: { readonly t: number; readonly i: string; readonly c: string; readonly v: string };
  };
}

/** {@link klineKey} of a combined-stream kline message. */
export function combinedKlineKey({ data }: CombinedKline): string {
  return klineKey(data.s, data.k.i, data.k.t, Number(data.k.c), Number(data.k.v));
}
