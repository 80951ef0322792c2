// Measures `GET /api/v3/klines?limit=1000` per interval against a baseline server that returns a
// pre-built array of the same size over the same loopback HTTP stack. Baseline and simulator
// requests alternate, so both see the same machine load; the ratio compares their medians. Then
// times the whole catalogue's `exchangeInfo`, first and cached.
import { createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import { klineRow } from '../market/Kline';
import { KlineInterval } from '../market/KlineInterval';
import { startExchangeSim } from '../startExchangeSim';

const CODES = ['1s', '1m', '5m', '15m', '1h', '4h', '1d', '1w', '1M'];
const RUNS = 30;
const WARMUP = 5;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function timeRequest(url: string): Promise<number> {
  const start = performance.now();
  const response = await fetch(url);
  const body = await response.text();
  const elapsed = performance.now() - start;
  if (response.status !== 200 || body.length < 2) {
    throw new Error(`${url} answered ${response.status}: ${body.slice(0, 200)}`);
  }
  return elapsed;
}

async function main(): Promise<void> {
  const sim = await startExchangeSim({ seed: 1 });
  const now = sim.market.now();
  const oneMinute = KlineInterval.parse('1m');
  if (!oneMinute) throw new Error('no 1m interval');
  const prebuilt = JSON.stringify(
    sim.market.klines({ symbol: 'BTCUSDT', interval: oneMinute, limit: 1000 }).map(klineRow),
  );
  const baseline = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json;charset=UTF-8' });
    response.end(prebuilt);
  });
  await new Promise<void>((resolve) => baseline.listen(0, '127.0.0.1', resolve));
  const baselineUrl = `http://127.0.0.1:${(baseline.address() as AddressInfo).port}/klines`;

  console.log(`exchange-sim klines bench: limit=1000, median of ${RUNS} requests per row`);
  console.log('compute = in-process MarketSimulator.klines; http = full GET over loopback;');
  console.log(
    'baseline = a server answering a pre-built 1000-row array, interleaved with the sim.\n',
  );
  console.log('interval  window    compute ms   http ms   baseline ms   ratio');
  for (const code of CODES) {
    const interval = KlineInterval.parse(code);
    if (!interval) throw new Error(`no interval ${code}`);
    // "latest" asks for the newest window every time; "history" spreads the windows over the
    // years of history, so most requests find nothing cached.
    const firstEnd = sim.market.listingTime('BTCUSDT') + 1000 * interval.nominalMs;
    const lastEnd = now - 30 * 86_400_000;
    for (const spread of [false, true]) {
      const total = RUNS + WARMUP;
      const endTimes = Array.from({ length: total }, (_, i) =>
        spread
          ? Math.round(lastEnd - ((lastEnd - Math.min(firstEnd, lastEnd)) * i) / total)
          : undefined,
      );
      const compute: number[] = [];
      const http: number[] = [];
      const base: number[] = [];
      for (const [i, endTime] of endTimes.entries()) {
        const start = performance.now();
        sim.market.klines({ symbol: 'ETHUSDT', interval, endTime, limit: 1000 });
        const computeMs = performance.now() - start;
        const query = `symbol=BTCUSDT&interval=${code}&limit=1000${endTime === undefined ? '' : `&endTime=${endTime}`}`;
        const baseMs = await timeRequest(baselineUrl);
        const httpMs = await timeRequest(`${sim.url}/api/v3/klines?${query}`);
        if (i >= WARMUP) {
          compute.push(computeMs);
          http.push(httpMs);
          base.push(baseMs);
        }
      }
      console.log(
        [
          code.padEnd(9),
          (spread ? 'history' : 'latest').padEnd(9),
          median(compute).toFixed(2).padStart(10),
          median(http).toFixed(2).padStart(9),
          median(base).toFixed(2).padStart(13),
          `${(median(http) / median(base)).toFixed(2)}x`.padStart(7),
        ].join(' '),
      );
    }
  }
  // The whole catalogue's exchangeInfo: what the api asks for at start and at every refresh. The
  // first answer builds the cached body; the others only write serverTime into it.
  const infoUrl = `${sim.url}/api/v3/exchangeInfo`;
  const firstStart = performance.now();
  const body = await (await fetch(infoUrl)).text();
  const firstMs = performance.now() - firstStart;
  const cached: number[] = [];
  for (let i = 0; i < 10; i += 1) cached.push(await timeRequest(infoUrl));
  const pairs = (JSON.parse(body) as { symbols: unknown[] }).symbols.length;
  console.log(
    `\nexchangeInfo, all ${pairs} pairs, ${(body.length / 1e6).toFixed(2)} MB: first ${firstMs.toFixed(1)} ms, then ${median(cached).toFixed(1)} ms (median of 10)`,
  );
  await sim.close();
  await new Promise((resolve) => baseline.close(resolve));
}

main().catch((error: unknown) => {
  console.error('bench failed', error);
  process.exit(1);
});
