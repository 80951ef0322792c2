import { describe, expect, it } from '@jest/globals';
import { DEFAULT_SYMBOLS, type SymbolInfo } from '@pairwatch/domain';
import { recordingLogger } from '../test-support/recordingLogger';
import { SymbolDirectory } from './SymbolDirectory';

function entry(
  symbol: string,
  base: string,
  quote: string,
  status = 'TRADING',
  tick = '0.01000000',
) {
  return {
    symbol,
    status,
    baseAsset: base,
    quoteAsset: quote,
    filters: [
      { filterType: 'PRICE_FILTER', tickSize: tick },
      { filterType: 'LOT_SIZE', stepSize: '0.00100000' },
    ],
  };
}

/** An exchange whose answer the test sets, counting the reads and what they asked for. */
function fakeExchange() {
  const exchange = {
    answer: {
      symbols: [
        entry('ETHBTC', 'ETH', 'BTC', 'TRADING', '0.00001000'),
        entry('BTCUSDT', 'BTC', 'USDT'),
      ],
    } as unknown,
    failing: false,
    reads: 0,
    asked: [] as unknown[],
    release: undefined as (() => void) | undefined,
    hold: false,
    rest: {
      exchangeInfo: async (filter?: unknown): Promise<unknown> => {
        exchange.reads += 1;
        exchange.asked.push(filter);
        if (exchange.hold) await new Promise<void>((resolve) => (exchange.release = resolve));
        if (exchange.failing) throw new Error('connect ECONNREFUSED');
        return exchange.answer;
      },
    },
  };
  return exchange;
}

describe('SymbolDirectory', () => {
  it('lists the trading pairs of exchangeInfo, defaults first, asking for TRADING only', async () => {
    const exchange = fakeExchange();
    const directory = new SymbolDirectory({ rest: exchange.rest, logger: recordingLogger() });

    const catalogue = await directory.catalogue();

    expect([...catalogue.list()].map((info) => info.symbol)).toEqual(['BTCUSDT', 'ETHBTC']);
    expect(catalogue.get('ETHBTC')?.priceFormat.precision).toBe(5);
    expect(exchange.asked).toEqual([{ symbolStatus: 'TRADING' }]);
    expect(directory.current()).toBe(catalogue);
  });

  it('reads once for callers that ask together, and serves stale while it reads again', async () => {
    let now = 0;
    const exchange = fakeExchange();
    const directory = new SymbolDirectory({
      rest: exchange.rest,
      logger: recordingLogger(),
      now: () => now,
      ttlMs: 1_000,
    });
    const [a, b] = await Promise.all([directory.catalogue(), directory.catalogue()]);
    expect(a).toBe(b);
    expect(exchange.reads).toBe(1);

    now = 1_000;
    exchange.hold = true;
    exchange.answer = { symbols: [entry('SOLUSDT', 'SOL', 'USDT')] };
    // Expired: the caller gets the catalogue in hand at once, and one read starts.
    const stale = await directory.catalogue();
    expect(stale).toBe(a);
    expect(exchange.reads).toBe(2);
    expect(await directory.catalogue()).toBe(a);
    expect(exchange.reads).toBe(2);
    exchange.release?.();
    await directory.refresh();
    expect([...(await directory.catalogue()).list()].map((info) => info.symbol)).toEqual([
      'SOLUSDT',
    ]);
  });

  it('offers the ten defaults when the exchange cannot be read, then the last catalogue it read', async () => {
    let now = 0;
    const exchange = fakeExchange();
    exchange.failing = true;
    const logger = recordingLogger();
    const directory = new SymbolDirectory({
      rest: exchange.rest,
      logger,
      now: () => now,
      retryMs: 100,
    });

    const fallback = await directory.catalogue();
    expect([...fallback.list()].map((info) => info.symbol)).toEqual([...DEFAULT_SYMBOLS]);
    expect(fallback.fromExchange).toBe(false);
    expect(logger.lines).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        message: 'exchangeInfo unavailable: offering the default pairs',
      }),
    );

    exchange.failing = false;
    now = 100;
    await directory.refresh();
    const read = await directory.catalogue();
    expect(read.get('ETHBTC')).toBeDefined();

    exchange.failing = true;
    await directory.refresh();
    // One failed read does not take ETHBTC away from a trader who is watching it.
    expect((await directory.catalogue()).get('ETHBTC')).toBeDefined();
  });

  it('refuses an answer that lists no trading pair, keeping what it had', async () => {
    const exchange = fakeExchange();
    const directory = new SymbolDirectory({ rest: exchange.rest, logger: recordingLogger() });
    await directory.catalogue();
    exchange.answer = { symbols: [entry('ETHBTC', 'ETH', 'BTC', 'BREAK')] };
    await directory.refresh();
    expect((await directory.catalogue()).get('ETHBTC')).toBeDefined();
  });

  it('tells the listeners the pairs that stopped trading between two reads, with their last facts', async () => {
    const exchange = fakeExchange();
    const directory = new SymbolDirectory({ rest: exchange.rest, logger: recordingLogger() });
    const told: SymbolInfo[][] = [];
    const stop = directory.onStopped((pairs) => told.push([...pairs]));
    await directory.catalogue();

    exchange.answer = {
      symbols: [
        entry('ETHBTC', 'ETH', 'BTC', 'BREAK', '0.00001000'),
        entry('BTCUSDT', 'BTC', 'USDT'),
      ],
    };
    await directory.refresh();
    expect(told).toEqual([
      [
        expect.objectContaining({
          symbol: 'ETHBTC',
          priceFormat: { precision: 5, minMove: 0.00001 },
        }),
      ],
    ]);

    // A failed read in between is no stop; the pair coming back and leaving again is told again.
    exchange.failing = true;
    await directory.refresh();
    exchange.failing = false;
    exchange.answer = { symbols: [entry('ETHBTC', 'ETH', 'BTC'), entry('BTCUSDT', 'BTC', 'USDT')] };
    await directory.refresh();
    exchange.answer = { symbols: [entry('BTCUSDT', 'BTC', 'USDT')] };
    await directory.refresh();
    expect(told.map((pairs) => pairs.map((info) => info.symbol))).toEqual([['ETHBTC'], ['ETHBTC']]);

    stop();
    exchange.answer = { symbols: [entry('ETHBTC', 'ETH', 'BTC')] };
    await directory.refresh();
    exchange.answer = { symbols: [entry('BTCUSDT', 'BTC', 'USDT')] };
    await directory.refresh();
    expect(told).toHaveLength(2);
  });

  it('reads on a timer once started, until closed', async () => {
    const exchange = fakeExchange();
    const directory = new SymbolDirectory({
      rest: exchange.rest,
      logger: recordingLogger(),
      ttlMs: 1_000,
    });
    directory.start();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(exchange.reads).toBe(1);
    expect(directory.current()?.get('ETHBTC')).toBeDefined();
    directory.close();
  });
});
