/** What the load bench's parent tells a worker process (over the `fork` IPC channel). */
export type LoadWorkerCommand =
  | {
      readonly kind: 'hubClients';
      /** Api bases; connection i goes to `apiUrls[i % length]` (sticky, as behind a balancer). */
      readonly apiUrls: readonly string[];
      readonly connections: number;
      /** The simulator's WebSocket base, for the tap that timestamps its kline events. */
      readonly simWsUrl: string;
    }
  | {
      readonly kind: 'httpLoad';
      readonly apiUrls: readonly string[];
      readonly seconds: number;
      readonly alertsPerSecond: number;
      readonly candlesPerSecond: number;
      readonly candlesLimit: number;
      /** Push subscription ids with the client address each was registered from. */
      readonly subscriptions: readonly { readonly id: string; readonly address: string }[];
      /** Last price per symbol, around which alert targets are picked. */
      readonly prices: Readonly<Record<string, number>>;
      /** Requests sent before this are the warm-up, summarized apart too (`steadyLatency`). */
      readonly warmUpSeconds: number;
    }
  /** `warmUpSeconds`: lags of updates that arrive sooner are also left out of `steadyLag`. */
  | { readonly kind: 'startMeasuring'; readonly warmUpSeconds: number }
  | { readonly kind: 'stop' };

/** Latency figures of one request kind (ms). */
export interface LatencySummary {
  readonly count: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
}

/** What a worker reports back. */
export type LoadWorkerReport =
  | {
      readonly kind: 'connected';
      readonly connected: number;
      readonly errors: Record<string, number>;
    }
  | {
      readonly kind: 'hubResult';
      /** Simulator event time `E` → hub client. */
      readonly lag: LatencySummary;
      /** The same event reaching a direct subscriber of the simulator → hub client. */
      readonly apiLag: LatencySummary;
      /** `lag` of the updates after the warm-up (the steady state). */
      readonly steadyLag: LatencySummary;
      /** `lag`'s p99 per minute of measuring. */
      readonly lagP99ByMinute: readonly number[];
      /** Updates that matched no tapped kline event (a subscription's first candle, backfills). */
      readonly unmatched: number;
      /** Updates whose content the simulator sent more than once: not timed (see hubClientsWorker). */
      readonly repeated: number;
      readonly updates: number;
      readonly open: number;
      readonly errors: Record<string, number>;
    }
  | {
      readonly kind: 'httpResult';
      readonly latency: Record<string, LatencySummary>;
      /** The same, of the requests sent after the warm-up. */
      readonly steadyLatency: Record<string, LatencySummary>;
      /** Alert creation's p99 per minute of the run. */
      readonly alertCreateP99ByMinute: readonly number[];
      readonly errors: Record<string, number>;
      readonly sent: Record<string, number>;
    };
