import {
  type Candle,
  type CandleUpdate,
  type Interval,
  type SymbolId,
  type UnixSeconds,
} from '@pairwatch/domain';
import { type CandleQuery, type MarketData, type MarketDataStatus } from '../market/MarketData';

/**
 * A MarketData for unit tests of the alerts half: candles are scripted per stream, `emit` delivers
 * an update to the stream's listeners (and records it in the history `getCandles` answers from).
 */
export class ScriptedMarketData implements MarketData {
  private readonly history = new Map<string, Candle[]>();
  private readonly listeners = new Map<string, Set<(update: CandleUpdate) => void>>();
  /** Every getCandles query, for assertions. */
  readonly queries: CandleQuery[] = [];
  /** Makes getCandles fail while set. */
  failure: Error | undefined;
  /** What `status()` reports as the live source. */
  source: MarketDataStatus['source'] = 'simulator';

  private static key(symbol: SymbolId, interval: Interval): string {
    return `${symbol}|${interval}`;
  }

  /** Sets a stream's history (oldest first). */
  setHistory(symbol: SymbolId, interval: Interval, candles: readonly Candle[]): void {
    this.history.set(ScriptedMarketData.key(symbol, interval), [...candles]);
  }

  /** Records a candle in the history without telling listeners (a move while nobody listens). */
  record(symbol: SymbolId, interval: Interval, candle: Candle): void {
    const history = this.history.get(ScriptedMarketData.key(symbol, interval)) ?? [];
    const last = history.at(-1);
    if (last && last.time === candle.time) history[history.length - 1] = candle;
    else history.push(candle);
    this.history.set(ScriptedMarketData.key(symbol, interval), history);
  }

  /** Records a candle and delivers it to the stream's listeners. */
  emit(symbol: SymbolId, interval: Interval, candle: Candle): void {
    this.record(symbol, interval, candle);
    for (const listener of [
      ...(this.listeners.get(ScriptedMarketData.key(symbol, interval)) ?? []),
    ]) {
      listener({ symbol, interval, candle });
    }
  }

  /** Streams with at least one listener. */
  get subscribedStreams(): string[] {
    return [...this.listeners].filter(([, set]) => set.size > 0).map(([key]) => key);
  }

  subscribe(
    symbol: SymbolId,
    interval: Interval,
    listener: (update: CandleUpdate) => void,
  ): () => void {
    const key = ScriptedMarketData.key(symbol, interval);
    const set = this.listeners.get(key) ?? new Set();
    set.add(listener);
    this.listeners.set(key, set);
    return () => {
      set.delete(listener);
    };
  }

  async getCandles(query: CandleQuery): Promise<Candle[]> {
    this.queries.push(query);
    if (this.failure) throw this.failure;
    let candles = this.history.get(ScriptedMarketData.key(query.symbol, query.interval)) ?? [];
    if (query.startTime !== undefined) {
      const start = query.startTime;
      candles = candles.filter((candle) => candle.time >= start).slice(0, query.limit);
    } else {
      const end = query.endTime ?? (Number.POSITIVE_INFINITY as UnixSeconds);
      candles = candles.filter((candle) => candle.time <= end).slice(-query.limit);
    }
    return candles.map((candle) => ({ ...candle }));
  }

  latestCandle(symbol: SymbolId, interval: Interval): Candle | undefined {
    return this.history.get(ScriptedMarketData.key(symbol, interval))?.at(-1);
  }

  status(): MarketDataStatus {
    return { source: this.source, connected: true };
  }
}

/** A candle with open time `time` (seconds) and the given prices; volume 1. */
export function candle(
  time: number,
  open: number,
  high: number,
  low: number,
  close: number,
): Candle {
  return { time: time as UnixSeconds, open, high, low, close, volume: 1 };
}
