import { type Kline, klineEvent } from '../market/Kline';
import { type MarketSimulator } from '../market/MarketSimulator';
import { type TaskScheduler } from '../timers/TaskScheduler';
import { type KlineStream } from './parseStreamName';
import { type StreamConnection } from './StreamConnection';

/** What the pusher pushes to, when, and from where. */
export interface KlinePusherOptions {
  readonly market: MarketSimulator;
  /** The open connections (the stream server's live set). */
  readonly connections: ReadonlySet<StreamConnection>;
  readonly scheduler: TaskScheduler;
  /** Push period of every interval but 1s (Binance: 2000 ms); 1s every min(1000, tickMs). */
  readonly tickMs: number;
  /** While true (a stall), nothing is pushed. */
  readonly stalled: () => boolean;
}

/** The klines of one stream at one push, looked up once however many connections want them. */
interface TickKlines {
  current: Kline | undefined;
  previous: Kline | null | undefined;
}

/**
 * Pushes kline events to every subscription: the forming kline every tick, preceded by the final
 * event (`x: true`) of the kline that closed since the subscription's last event (only the latest
 * one if several closed, e.g. after a stall). Each event is serialized once per push and format.
 * Subscriptions to a pair that is not `TRADING` get nothing until it trades again.
 */
export class KlinePusher {
  constructor(private readonly options: KlinePusherOptions) {}

  /** Schedules the pushes: 1s streams every min(1000, tickMs), the others every tickMs. */
  start(): void {
    const { scheduler, tickMs } = this.options;
    scheduler.every(tickMs, () => this.push((stream) => stream.interval.code !== '1s'));
    scheduler.every(Math.min(1000, tickMs), () =>
      this.push((stream) => stream.interval.code === '1s'),
    );
  }

  /** Pushes the current klines of every subscription now (regardless of the ticks). */
  pushNow(): void {
    this.push(() => true);
  }

  private push(select: (stream: KlineStream) => boolean): void {
    const { market, connections } = this.options;
    if (this.options.stalled() || connections.size === 0) return;
    const now = market.now();
    const klines = new Map<string, TickKlines>();
    const texts = new Map<string, string>();
    const text = (name: string, kline: Kline, combined: boolean, kind: string): string => {
      const key = `${kind}|${combined ? 1 : 0}|${name}`;
      let serialized = texts.get(key);
      if (serialized === undefined) {
        const event = klineEvent(kline, now);
        serialized = JSON.stringify(combined ? { stream: name, data: event } : event);
        texts.set(key, serialized);
      }
      return serialized;
    };
    for (const connection of connections) {
      for (const subscription of connection.subscriptions.values()) {
        const { stream } = subscription;
        if (!select(stream)) continue;
        // A pair out of TRADING (a halt, a delisting) has no trades, so Binance pushes nothing.
        if (market.statuses.of(stream.symbol) !== 'TRADING') continue;
        let entry = klines.get(stream.name);
        if (!entry) {
          entry = {
            current: market.currentKline(
              stream.symbol,
              stream.interval,
              stream.timeZoneOffsetMs,
              now,
            ),
            previous: undefined,
          };
          klines.set(stream.name, entry);
        }
        const current = entry.current;
        if (!current) continue;
        const last = subscription.lastOpenTime;
        if (last !== undefined && last < current.openTime) {
          if (entry.previous === undefined) {
            const open = stream.interval.previousOpen(current.openTime, stream.timeZoneOffsetMs);
            entry.previous =
              market.kline(stream.symbol, stream.interval, open, stream.timeZoneOffsetMs, now) ??
              null;
          }
          if (entry.previous) {
            connection.send(text(stream.name, entry.previous, connection.combined, 'closed'));
          }
        }
        connection.send(text(stream.name, current, connection.combined, 'current'));
        subscription.lastOpenTime = current.openTime;
      }
    }
  }
}
