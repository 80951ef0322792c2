import {
  HttpTransportType,
  type HubConnection,
  HubConnectionBuilder,
  LogLevel,
} from '@microsoft/signalr';
import { type CandleUpdate, type Interval, type SymbolId } from '@pairwatch/domain';
import { expect } from '@jest/globals';
import { waitFor } from '@pairwatch/signalr-server/testing';

/**
 * A browser's candle subscription: the official SignalR client over a real WebSocket, subscribed
 * to some streams, recording when each `CandleUpdate` arrived. With `reconnect` it comes back
 * after the api went away (as `packages/market-data` does, only faster) and subscribes again.
 */
export class CandleWatcher {
  /** Arrival time (ms) of every update, oldest first. */
  readonly arrivals: number[] = [];

  private constructor(private readonly connection: HubConnection) {}

  /** Connects to `${apiUrl}/candles-hub` and subscribes to every (symbol, interval) pair. */
  static async start(
    apiUrl: string,
    symbols: readonly SymbolId[],
    intervals: readonly Interval[],
    options: { readonly reconnect?: boolean } = {},
  ): Promise<CandleWatcher> {
    let builder = new HubConnectionBuilder()
      .withUrl(`${apiUrl}/candles-hub`, { transport: HttpTransportType.WebSockets })
      .configureLogging(LogLevel.None);
    if (options.reconnect) {
      builder = builder.withAutomaticReconnect({ nextRetryDelayInMilliseconds: () => 200 });
    }
    const connection = builder.build();
    const watcher = new CandleWatcher(connection);
    connection.on('CandleUpdate', (_update: CandleUpdate) => watcher.arrivals.push(Date.now()));
    const subscribe = () => connection.invoke('SubscribeToCandleUpdates', symbols, intervals);
    connection.onreconnected(() => void subscribe().catch(() => undefined));
    await connection.start();
    await subscribe();
    return watcher;
  }

  /**
   * Resolves once an update arrived after `since` (ms), and prints how long after `since` it came
   * (the suite's figure for "hub clients update again"); fails after `boundMs`.
   */
  async updatedSince(since: number, boundMs: number, what: string): Promise<void> {
    const waitedFrom = Date.now();
    await waitFor(() => (this.arrivals.at(-1) ?? 0) > since, what, boundMs);
    const first = this.arrivals.find((time) => time > since) ?? Date.now();
    // `since` 0 asks for any update: measured from the call instead.
    const took = Math.max(0, first - (since > 0 ? since : waitedFrom));
    console.log(
      `${expect.getState().currentTestName ?? 'fault'}: ${what} after ${took} ms (bound ${boundMs} ms)`,
    );
  }

  async stop(): Promise<void> {
    await this.connection.stop();
  }
}
