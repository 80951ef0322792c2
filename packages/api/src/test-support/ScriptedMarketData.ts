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
  private readonly _history = new Map<string, Candle[]>();
  private readonly _listeners = new Map<string, Set<(update: CandleUpdate) => void>>();
  /** Every getCandles query, for assertions. */
  public readonly queries: CandleQuery[] = [];
  /** Makes getCandles fail while set. */
  public failure: Error | undefined;
  /** What `status()` reports as the live source. */
  public source: MarketDataStatus['source'] = 'simulator';

  private static _key(symbol: SymbolId, interval: Interval): string {
    return `${symbol}|${interval}`;
  }

  /** Sets a stream's history (oldest first). */
  public setHistory(symbol: SymbolId, interval: Interval, candles: readonly Candle[]): void {
    this._history.set(ScriptedMarketData._key(symbol, interval), [...candles]);
  }

  /** Records a candle in the history without telling listeners (a move while nobody listens). */
  public record(symbol: SymbolId, interval: Interval, candle: Candle): void {
    const history = this._history.get(ScriptedMarketData._key(symbol, interval)) ?? [];
    const last = history.at(-1);
    if (last && last.time === candle.time) history[history.length - 1] = candle;
    else history.push(candle);
    this._history.set(ScriptedMarketData._key(symbol, interval), history);
  }

  /** Records a candle and delivers it to the stream's listeners. */
  public emit(symbol: SymbolId, interval: Interval, candle: Candle): void {
    this.record(symbol, interval, candle);
    for (const listener of [
      ...(this._listeners.get(ScriptedMarketData._key(symbol, interval)) ?? []),
    ]) {
      listener({ symbol, interval, candle });
    }
  }

  /** Streams with at least one listener. */
  public get subscribedStreams(): string[] {
    return [...this._listeners].filter(([, set]) => set.size > 0).map(([key]) => key);
  }

  public subscribe(
    symbol: SymbolId,
    interval: Interval,
    listener: (update: CandleUpdate) => void,
  ): () => void {
    const key = ScriptedMarketData._key(symbol, interval);
    const set = this._listeners.get(key) ?? new Set();
    set.add(listener);
    this._listeners.set(key, set);
    return () => {
      set.delete(listener);
    };
  }

  public async getCandles(query: CandleQuery): Promise<Candle[]> {
    this.queries.push(query);
    if (this.failure) throw this.failure;
    let candles = this._history.get(ScriptedMarketData._key(query.symbol, query.interval)) ?? [];
    if (query.startTime !== undefined) {
      const start = query.startTime;
      candles = candles.filter((candle) => candle.time >= start).slice(0, query.limit);
    } else {
      const end = query.endTime ?? (Number.POSITIVE_INFINITY as UnixSeconds);
      candles = candles.filter((candle) => candle.time <= end).slice(-query.limit);
    }
    return candles.map((candle) => ({ ...candle }));
  }

  public latestCandle(symbol: SymbolId, interval: Interval): Candle | undefined {
    return this._history.get(ScriptedMarketData._key(symbol, interval))?.at(-1);
  }

  public status(): MarketDataStatus {
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
