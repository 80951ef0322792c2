import { type Candle, type Interval, type SymbolId, type UnixSeconds } from '@pairwatch/domain';
import { type ChartFeed } from '../chart/ChartController';

interface PendingLoad {
  readonly symbol: SymbolId;
  readonly interval: Interval;
  readonly limit: number;
  readonly endTime: UnixSeconds | undefined;
  readonly resolve: (candles: readonly Candle[]) => void;
  readonly reject: (error: unknown) => void;
}

/** A candle feed whose loads the test answers by hand and whose live stream it drives. */
export class FakeChartFeed implements ChartFeed {
  readonly loads: PendingLoad[] = [];
  /** What {@link previewCandles} answers (kept candles of an earlier visit), and who asked. */
  preview: readonly Candle[] | undefined;
  readonly previewAsks: Array<{ symbol: SymbolId; interval: Interval }> = [];
  private readonly watchersByStream = new Map<string, Set<(candle: Candle) => void>>();

  loadCandles(request: {
    symbol: SymbolId;
    interval: Interval;
    limit: number;
    endTime?: UnixSeconds;
  }): Promise<readonly Candle[]> {
    return new Promise((resolve, reject) => {
      this.loads.push({ ...request, endTime: request.endTime, resolve, reject });
    });
  }

  previewCandles(request: { symbol: SymbolId; interval: Interval }): readonly Candle[] | undefined {
    this.previewAsks.push({ symbol: request.symbol, interval: request.interval });
    return this.preview;
  }

  watchCandles(symbol: SymbolId, interval: Interval, onCandle: (candle: Candle) => void) {
    const key = `${symbol}:${interval}`;
    const set = this.watchersByStream.get(key) ?? new Set();
    set.add(onCandle);
    this.watchersByStream.set(key, set);
    return () => set.delete(onCandle);
  }

  /** Number of live subscribers of a stream. */
  watchers(symbol: SymbolId, interval: Interval): number {
    return this.watchersByStream.get(`${symbol}:${interval}`)?.size ?? 0;
  }

  /** Sends a live candle to the stream's subscribers. */
  emit(symbol: SymbolId, interval: Interval, candle: Candle): void {
    for (const watcher of [...(this.watchersByStream.get(`${symbol}:${interval}`) ?? [])])
      watcher(candle);
  }

  /** The n-th load request (0-based). */
  load(index: number): PendingLoad {
    const load = this.loads[index];
    if (!load) throw new Error(`No load #${index}; ${this.loads.length} were made`);
    return load;
  }
}
