// The server side of candlesBench, in its own process so the load generator does not share its
// event loop: the real app (embedded simulator, cache, hub, alerts) plus a baseline route that
// returns the same 500 candles from memory through the same response schema.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type AddressInfo } from 'node:net';
import pino from 'pino';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/loadConfig';
import { startMarket } from '../src/market/startMarket';
import { candlesResponseSchema } from '../src/market/candlesResponseSchema';

/** Messages to the parent. */
export type BenchServerMessage =
  | { readonly kind: 'ready'; readonly port: number; readonly upstreamRequests: number }
  | { readonly kind: 'stats'; readonly upstreamRequests: number };

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pairwatch-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, MARKET_DATA: 'simulator' });
  const logger = pino({ level: 'silent' });
  const market = await startMarket({ config, logger });
  // A chart is open: the stream keeps the cache's head live, as in production.
  market.marketData.subscribe('BTCUSDT', 'OneMinute', () => undefined);
  const deadline = Date.now() + 10_000;
  while (market.marketData.latestCandle('BTCUSDT', 'OneMinute') === undefined) {
    if (Date.now() > deadline) throw new Error('the market did not go live within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const app = await buildApp({
    config,
    marketData: market.marketData,
    symbols: market.symbols,
    version: 'bench',
    logger,
  });
  const payload = await market.marketData.getCandles({
    symbol: 'BTCUSDT',
    interval: 'OneMinute',
    limit: 500,
  });
  app.get(
    '/bench/memory',
    { schema: { response: { 200: candlesResponseSchema } } },
    async () => payload,
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const send = (message: BenchServerMessage): void => void process.send?.(message);
  send({
    kind: 'ready',
    port: (app.server.address() as AddressInfo).port,
    upstreamRequests: market.rest.requestCount,
  });
  process.on('message', (message) => {
    if (message === 'stats') send({ kind: 'stats', upstreamRequests: market.rest.requestCount });
    if (message === 'stop') {
      void (async () => {
        await app.close();
        await market.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
        process.exit(0);
      })();
    }
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`bench server failed: ${String(error)}\n`);
  process.exit(1);
});
