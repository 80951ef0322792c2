import { type FastifyPluginAsync } from 'fastify';
import { candlesRoutes } from './candlesRoutes';
import { type MarketData } from './MarketData';
import { type SymbolSource, symbolsRoutes } from './symbolsRoutes';

/** Options of {@link marketPlugin}. */
export interface MarketPluginOptions {
  /** The market the process started (`startMarket`), or a fake in tests. */
  readonly marketData: MarketData;
  readonly symbols: SymbolSource;
}

/**
 * The market's REST side: `GET /candles` ({@link candlesRoutes}) and `GET /symbols[/{A,B,…}]`
 * ({@link symbolsRoutes}), architecture §3. The market itself (feed, cache, REST client) belongs
 * to the caller, which starts it before the app and closes it after.
 */
export const marketPlugin: FastifyPluginAsync<MarketPluginOptions> = async (app, options) => {
  await app.register(candlesRoutes, {
    marketData: options.marketData,
    symbols: options.symbols,
  });
  await app.register(symbolsRoutes, { symbols: options.symbols });
};
