import { startExchangeSim } from '@pairwatch/exchange-sim';
import { type Logger } from 'pino';
import { type ApiConfig } from '../config/ApiConfig';
import { BinanceMarketData, type BinanceMarketDataOptions } from './BinanceMarketData';
import { BinanceRestClient } from './BinanceRestClient';
import { connectWsUpstream } from './connectWsUpstream';
import { SymbolDirectory } from './SymbolDirectory';
import { UpstreamError } from './UpstreamError';

/** The running market of the process and how to stop it. */
export interface MarketRuntime {
  readonly marketData: BinanceMarketData;
  /** The REST client the market and the symbol directory share (its counters are observable). */
  readonly rest: BinanceRestClient;
  readonly symbols: SymbolDirectory;
  readonly source: 'binance' | 'simulator';
  /** Stops the feed, and the embedded simulator if one runs. */
  close(): Promise<void>;
}

/** Options of {@link startMarket}. */
export interface StartMarketOptions {
  readonly config: Pick<ApiConfig, 'marketData' | 'binanceRestUrl' | 'binanceWsUrl'> &
    Partial<Pick<ApiConfig, 'binanceWeightPerMinute'>>;
  readonly logger: Logger;
  /** How long `auto` waits for Binance before it starts the simulator (default 3 s). */
  readonly probeTimeoutMs?: number;
  /** Timing overrides for the market (tests shorten them). */
  readonly tuning?: Partial<
    Pick<
      BinanceMarketDataOptions,
      'cache' | 'now' | 'syncRetryBaseMs' | 'syncRetryMaxMs' | 'syncGiveUpMs'
    >
  > & {
    readonly feed?: Partial<BinanceMarketDataOptions['feed']>;
  };
  /** Options passed to the embedded simulator (tests speed up its ticks). */
  readonly simulator?: Omit<Parameters<typeof startExchangeSim>[0], 'port'>;
}

/**
 * Starts the market per `MARKET_DATA` (architecture §2): `binance` uses the configured hosts,
 * `simulator` starts the embedded exchange simulator in-process on a free loopback port, and
 * `auto` asks Binance for `/api/v3/ping` and falls back to the simulator when no answer comes
 * within 3 s.
 */
export async function startMarket(options: StartMarketOptions): Promise<MarketRuntime> {
  const { config, logger } = options;
  let source: 'binance' | 'simulator' = config.marketData === 'simulator' ? 'simulator' : 'binance';
  if (config.marketData === 'auto') {
    const probe = new BinanceRestClient({ baseUrl: config.binanceRestUrl, logger });
    try {
      await probe.ping(options.probeTimeoutMs ?? 3000);
    } catch (error: unknown) {
      logger.warn(
        {
          url: config.binanceRestUrl,
          reason:
            error instanceof UpstreamError
              ? error.reason
              : error instanceof Error
                ? error.message
                : String(error),
        },
        'Binance did not answer: using the embedded simulator',
      );
      source = 'simulator';
    }
  }
  let restUrl = config.binanceRestUrl;
  let wsUrl = config.binanceWsUrl;
  let stopSimulator = async (): Promise<void> => undefined;
  if (source === 'simulator') {
    const simulator = await startExchangeSim({ ...options.simulator, port: 0 });
    restUrl = simulator.url;
    wsUrl = simulator.wsUrl;
    stopSimulator = () => simulator.close();
  }
  logger.info({ source, restUrl, wsUrl }, 'market data source');
  const rest = new BinanceRestClient({
    baseUrl: restUrl,
    logger,
    ...(config.binanceWeightPerMinute === undefined
      ? {}
      : { weightBudgetPerMinute: config.binanceWeightPerMinute }),
    ...(options.tuning?.now === undefined ? {} : { now: options.tuning.now }),
  });
  const { feed, ...tuning } = options.tuning ?? {};
  const marketData = new BinanceMarketData({
    ...tuning,
    source,
    rest,
    logger,
    feed: { ...feed, wsBaseUrl: wsUrl, connect: feed?.connect ?? connectWsUpstream },
  });
  // Read at once and then every 10 minutes: the first screen's `GET /symbols` finds it in hand,
  // and a pair that stops trading is noticed without any request.
  const symbols = new SymbolDirectory({ rest, logger });
  symbols.start();
  return {
    marketData,
    rest,
    symbols,
    source,
    async close() {
      symbols.close();
      marketData.close();
      await stopSimulator();
    },
  };
}
