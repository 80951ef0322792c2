/** The two servers the hub scale bench connects its clients to. */
export type ScaleTarget = 'relay' | 'api';

/** What hubScaleBench tells its clients worker (over the `fork` IPC channel). */
export type ScaleWorkerCommand =
  | {
      readonly kind: 'connect';
      readonly target: ScaleTarget;
      /** The relay's or the api's base URL (`http://127.0.0.1:port`). */
      readonly url: string;
      readonly clients: number;
      /** Distinct loopback source addresses the clients are spread over. */
      readonly addresses: number;
    }
  | { readonly kind: 'measure' }
  | { readonly kind: 'stop' };

/** What the clients worker reports back. */
export type ScaleWorkerReport =
  /** The tap on the simulator is open. */
  | { readonly kind: 'ready' }
  | {
      readonly kind: 'connected';
      /** Clients open and subscribed. */
      readonly open: number;
      readonly problems: Readonly<Record<string, number>>;
    }
  | {
      readonly kind: 'measured';
      /**
       * Per update: the tap's arrival of a simulator event → a client's arrival of the same event
       * (ms, to the µs), so the bench can pool rounds.
       */
      readonly lags: readonly number[];
      /** The p99 lag of each burst (one simulator tick's updates), in order. */
      readonly burstP99s: readonly number[];
      readonly updates: number;
      /** Updates that matched no tapped event (a subscription's first candle). */
      readonly unmatched: number;
      readonly open: number;
      /** Connect failures, closes by the server, socket errors, by kind. */
      readonly problems: Readonly<Record<string, number>>;
    }
  /** Every client socket is closed again. */
  | { readonly kind: 'disconnected' };

/** What the bare relay reports once it listens and its upstream is open. */
export interface RelayReport {
  readonly kind: 'listening';
  readonly port: number;
}
