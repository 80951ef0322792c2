import { type Candle, type CandleUpdate, type Interval, type SymbolId } from '@pairwatch/domain';
import { type CandleQuery, type MarketData, type MarketDataStatus } from '../market/MarketData';

/** A scripted {@link MarketData} for route and hub tests. */
export class FakeMarketData implements MarketData {
  readonly queries: CandleQuery[] = [];
  readonly listeners = new Map<string, Set<(update: CandleUpdate) => void>>();
  answer: (query: CandleQuery) => Promise<Candle[]> = async () => [];
  latest: Candle | undefined;
  current: MarketDataStatus = { source: 'simulator', connected: true };

  subscribe(
    symbol: SymbolId,
    interval: Interval,
    listener: (update: CandleUpdate) => void,
  ): () => void {
    const key = `${symbol}:${interval}`;
    const set = this.listeners.get(key) ?? new Set();
    set.add(listener);
    this.listeners.set(key, set);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(key);
    };
  }

  getCandles(query: CandleQuery): Promise<Candle[]> {
    this.queries.push(query);
    return this.answer(query);
  }

  latestCandle(): Candle | undefined {
    return this.latest;
  }

  status(): MarketDataStatus {
    return this.current;
  }

  /** Pushes an update to the listeners of its stream. */
  emit(update: CandleUpdate): void {
    for (const listener of this.listeners.get(`${update.symbol}:${update.interval}`) ?? [])
      listener(update);
  }
}
