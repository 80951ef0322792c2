import {
  ExchangeSimServer,
  type ExchangeSimHandle,
  type ExchangeSimOptions,
} from './server/ExchangeSimServer';

/**
 * Starts a simulated Binance-compatible exchange on loopback (port 0 = any free port) and resolves
 * once it listens. Point a Binance client at `url` (REST) and `wsUrl` (streams).
 *
 * @example
 * const sim = await startExchangeSim({ seed: 7, tickMs: 100 });
 * await fetch(`${sim.url}/api/v3/klines?symbol=BTCUSDT&interval=1m&limit=5`);
 * sim.controls.setPrice('BTCUSDT', 100_000);
 * await sim.close();
 */
export async function startExchangeSim(
  options: ExchangeSimOptions = {},
): Promise<ExchangeSimHandle> {
  return new ExchangeSimServer(options).listen();
}
