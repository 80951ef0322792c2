import { afterEach, describe, expect, it } from '@jest/globals';
import { startExchangeSim } from '@pairwatch/exchange-sim';
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import pino from 'pino';
import { type MarketRuntime, startMarket } from './startMarket';

const logger = pino({ level: 'silent' });
let runtime: MarketRuntime | undefined;
let blackHole: Server | undefined;

afterEach(async () => {
  await runtime?.close();
  runtime = undefined;
  blackHole?.closeAllConnections();
  await new Promise<void>((resolve) => (blackHole ? blackHole.close(() => resolve()) : resolve()));
  blackHole = undefined;
});

/** A server that accepts requests and never answers, like a filtered host. */
async function startBlackHole(): Promise<string> {
  blackHole = createServer(() => undefined);
  await new Promise<void>((resolve) => blackHole!.listen(0, '127.0.0.1', () => resolve()));
  return `http://127.0.0.1:${(blackHole.address() as AddressInfo).port}`;
}

describe('startMarket', () => {
  it('runs the embedded simulator when MARKET_DATA=simulator, and says so', async () => {
    runtime = await startMarket({
      config: {
        marketData: 'simulator',
        binanceRestUrl: 'http://unused.invalid',
        binanceWsUrl: 'ws://unused.invalid',
      },
      logger,
    });
    expect(runtime.source).toBe('simulator');
    expect(runtime.marketData.status()).toMatchObject({ source: 'simulator', connected: true });
    const candles = await runtime.marketData.getCandles({
      symbol: 'BTCUSDT',
      interval: 'OneHour',
      limit: 3,
    });
    expect(candles).toHaveLength(3);
  });

  it('falls back to the simulator in auto mode when Binance does not answer in time', async () => {
    const url = await startBlackHole();
    const started = Date.now();
    runtime = await startMarket({
      config: { marketData: 'auto', binanceRestUrl: url, binanceWsUrl: url.replace('http', 'ws') },
      logger,
      probeTimeoutMs: 300,
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(runtime.source).toBe('simulator');
    expect(runtime.marketData.status().source).toBe('simulator');
  });

  it('uses Binance in auto mode when it answers', async () => {
    const exchange = await startExchangeSim({ tickMs: 100 });
    try {
      runtime = await startMarket({
        config: { marketData: 'auto', binanceRestUrl: exchange.url, binanceWsUrl: exchange.wsUrl },
        logger,
      });
      expect(runtime.source).toBe('binance');
      expect(runtime.marketData.status().source).toBe('binance');
    } finally {
      await runtime?.close();
      runtime = undefined;
      await exchange.close();
    }
  });
});
