import {
  type CandleUpdate,
  INTERVALS,
  type Interval,
  intervalOpenTime,
  isInterval,
  isSymbolId,
  type SymbolId,
  type UnixSeconds,
} from '@pairwatch/domain';
import {
  type ClientConnection,
  guards,
  Hub,
  HubError,
  type HubSettings,
  type Logger,
} from '@pairwatch/signalr-server';
import { quoteInput } from '../errors/quoteInput';
import { type MarketData } from '../market/MarketData';
import { type SymbolSource } from '../market/symbolsRoutes';
import { unknownSymbolText } from '../market/unknownSymbolText';

/** Where the hub is mounted (architecture §4). */
export const CANDLE_HUB_PATH = '/candles-hub';

/** Per-connection state of the candle hub. */
export interface CandleHubServerState {
  /** Candle groups this connection subscribed to. */
  readonly candleGroups: Set<string>;
  /** Set once the connection is gone: a subscription finishing after that must not join. */
  gone: boolean;
}

/** Options of {@link CandleHubServer}. */
export interface CandleHubServerOptions {
  readonly marketData: MarketData;
  /** Which pairs the market trades: a subscription to any other is refused. */
  readonly symbols: SymbolSource;
  readonly logger: Logger;
  /** `CORS_ORIGINS`. */
  readonly allowedOrigins: readonly string[];
  /** `HUB_MAX_CONNECTIONS_PER_CLIENT`. */
  readonly maxConnectionsPerClient?: number;
  /** `HUB_MAX_CONNECTIONS`. */
  readonly maxConnections?: number;
  /** Where a hub request comes from (the socket, or a trusted proxy's `X-Forwarded-For`). */
  readonly clientAddress?: HubSettings<CandleHubServerState>['clientAddress'];
  /** Timing overrides (tests shorten them); production uses the protocol's defaults. */
  readonly settings?: Omit<
    HubSettings<CandleHubServerState>,
    'allowedOrigins' | 'logger' | 'onDisconnected'
  >;
  /** The clock (ms) that tells a current candle from a stale one. */
  readonly now?: () => number;
}

/** The group (and coalescing key) of one stream. */
function candleGroup(symbol: SymbolId, interval: Interval): string {
  return `candles:${symbol}:${interval}`;
}

function crossProduct(
  symbolList: readonly string[],
  intervalList: readonly string[],
): [SymbolId, Interval][] {
  // Repeats add nothing: without this, 64 × 64 copies of one pair cost 4,096 subscriptions.
  const symbols = [...new Set(symbolList)];
  const intervals = [...new Set(intervalList)];
  const badSymbol = symbols.find((symbol) => !isSymbolId(symbol));
  if (badSymbol !== undefined) throw new HubError(unknownSymbolText(badSymbol));
  const badInterval = intervals.find((interval) => !isInterval(interval));
  if (badInterval !== undefined) {
    throw new HubError(
      `Unknown interval ${quoteInput(badInterval)}. Use one of ${INTERVALS.join(', ')}.`,
    );
  }
  return (symbols as SymbolId[]).flatMap((symbol) =>
    (intervals as Interval[]).map((interval): [SymbolId, Interval] => [symbol, interval]),
  );
}

/**
 * How many streams one connection may follow. Each distinct pair × interval can cost an upstream
 * stream, so this is a client's budget of the process's upstream (a screen follows one chart plus
 * the open positions' pairs, far fewer).
 */
export const MAX_STREAMS_PER_CONNECTION = 200;

/** The longest list the guard lets through before it is looked at; a longer one is refused. */
const MAX_LIST = MAX_STREAMS_PER_CONNECTION;

/**
 * The server side of the candle hub at `/candles-hub` (architecture §4; the browser's side is
 * `CandleHub` in `@pairwatch/market-data`): `SubscribeToCandleUpdates` /
 * `UnsubscribeFromCandleUpdates` over the cross product of symbols and intervals, one hub group
 * per stream, and `CandleUpdate` pushed to each group from the market feed.
 *
 * NOTE: the upstream stream is held by reference count of *groups*: the first member of a group
 * subscribes it on the market, the last one to leave (or disconnect) releases it. A broadcast is
 * keyed by its stream, so a client that cannot keep up gets the latest candle per stream rather
 * than a queue. The other hub methods (`WatchAlerts`) are registered on {@link CandleHubServer.hub} by
 * the alerts plugin.
 */
export class CandleHubServer {
  /** The SignalR hub; mount it with `fastifySignalR` at {@link CANDLE_HUB_PATH}. */
  readonly hub: Hub<CandleHubServerState>;
  private readonly groups = new Map<string, { members: number; release: () => void }>();

  constructor(private readonly options: CandleHubServerOptions) {
    this.hub = new Hub<CandleHubServerState>({
      ...options.settings,
      ...(options.maxConnectionsPerClient === undefined
        ? {}
        : { maxConnectionsPerClient: options.maxConnectionsPerClient }),
      ...(options.maxConnections === undefined ? {} : { maxConnections: options.maxConnections }),
      ...(options.clientAddress === undefined ? {} : { clientAddress: options.clientAddress }),
      allowedOrigins: options.allowedOrigins,
      logger: options.logger,
      createState: () => ({ candleGroups: new Set<string>(), gone: false }),
      onDisconnected: (connection) => {
        connection.state.gone = true;
        for (const group of connection.state.candleGroups) this.leave(group);
        connection.state.candleGroups.clear();
      },
    });
    const list = guards.arrayOf(guards.string, MAX_LIST);
    this.hub
      .addMethod('SubscribeToCandleUpdates', [list, list], async (caller, symbols, intervals) => {
        const pairs = crossProduct(symbols, intervals);
        const added = pairs.filter(
          ([symbol, interval]) => !caller.state.candleGroups.has(candleGroup(symbol, interval)),
        ).length;
        if (caller.state.candleGroups.size + added > MAX_STREAMS_PER_CONNECTION) {
          throw new HubError(
            `A connection follows at most ${MAX_STREAMS_PER_CONNECTION} streams; it follows ${caller.state.candleGroups.size} and asked for ${added} more. Unsubscribe from some first.`,
          );
        }
        const catalogue = await this.options.symbols.catalogue();
        const unlisted = pairs.find(([symbol]) => catalogue.get(symbol) === undefined);
        if (unlisted !== undefined) throw new HubError(unknownSymbolText(unlisted[0]));
        // The connection may have closed while the catalogue was read: joining now would hold
        // upstream streams nobody releases.
        if (!caller.state.gone) this.subscribe(caller, pairs);
      })
      .addMethod('UnsubscribeFromCandleUpdates', [list, list], (caller, symbols, intervals) =>
        this.unsubscribe(caller, crossProduct(symbols, intervals)),
      );
  }

  /** Releases every upstream stream the hub holds (the hub itself closes with Fastify). */
  releaseAll(): void {
    for (const { release } of this.groups.values()) release();
    this.groups.clear();
  }

  private subscribe(
    caller: ClientConnection<CandleHubServerState>,
    pairs: readonly [SymbolId, Interval][],
  ): void {
    for (const [symbol, interval] of pairs) {
      const group = candleGroup(symbol, interval);
      // Already subscribed: the client has the stream, and a second snapshot would only be work
      // a hostile client could ask for again and again.
      if (caller.state.candleGroups.has(group)) continue;
      caller.state.candleGroups.add(group);
      caller.addToGroup(group);
      this.join(group, symbol, interval);
      // The snapshot goes out before the completion, so no live update can overtake it. Only the
      // current interval's candle is a snapshot: an older one (a stream nobody watched for a
      // while) would reach a chart as an update older than the candles it just loaded.
      const candle = this.options.marketData.latestCandle(symbol, interval);
      const now = Math.floor((this.options.now ?? Date.now)() / 1000) as UnixSeconds;
      if (candle !== undefined && candle.time >= intervalOpenTime(interval, now)) {
        const update: CandleUpdate = { symbol, interval, candle };
        caller.send('CandleUpdate', [update], { key: group });
      }
    }
  }

  private unsubscribe(
    caller: ClientConnection<CandleHubServerState>,
    pairs: readonly [SymbolId, Interval][],
  ): void {
    for (const [symbol, interval] of pairs) {
      const group = candleGroup(symbol, interval);
      if (!caller.state.candleGroups.delete(group)) continue;
      caller.removeFromGroup(group);
      this.leave(group);
    }
  }

  private join(group: string, symbol: SymbolId, interval: Interval): void {
    const existing = this.groups.get(group);
    if (existing !== undefined) {
      existing.members += 1;
      return;
    }
    const release = this.options.marketData.subscribe(symbol, interval, (update) => {
      this.hub.broadcast(group, 'CandleUpdate', [update], { key: group });
    });
    this.groups.set(group, { members: 1, release });
  }

  private leave(group: string): void {
    const entry = this.groups.get(group);
    if (entry === undefined) return;
    entry.members -= 1;
    if (entry.members > 0) return;
    this.groups.delete(group);
    entry.release();
  }
}
