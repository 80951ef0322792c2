// Alert engine index vs a linear scan, measured in the same run (architecture §6: a price update
// must cost O(log n + fired), not a scan over all alerts). Prints per-update costs and the ratio.
import {
  alertDirection,
  alertFires,
  SYMBOLS,
  type Candle,
  type SymbolId,
  type UnixMillis,
  type UnixSeconds,
} from '@pairwatch/domain';
import { AlertIndex, priceSeenByAlert } from '../src/alerts/AlertIndex';
import { type AlertRecord } from '../src/storage/AlertStore';

const ALERTS = Number(process.env.BENCH_ALERTS ?? 1_000_000);
const T0 = 1_700_000_040;
const PRICE = 100;

/** Deterministic pseudo-random numbers (mulberry32), so every run measures the same alerts. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function makeAlerts(count: number): AlertRecord[] {
  const next = random(42);
  const alerts: AlertRecord[] = [];
  for (let i = 0; i < count; i += 1) {
    const symbol = SYMBOLS[i % SYMBOLS.length]!;
    // Targets 2–50 % away from the price on either side: a ±1 % candle reaches none of them.
    const distance = 0.02 + next() * 0.48;
    const valueTarget = next() < 0.5 ? PRICE * (1 + distance) : PRICE * (1 - distance);
    alerts.push({
      id: `a${i}`,
      subscriptionId: `s${i % 100_000}`,
      symbol,
      type: 'Price',
      interval: 'OneMinute',
      direction: alertDirection(PRICE, valueTarget),
      valueOnCreation: PRICE,
      valueTarget,
      status: 'Active',
      createdAt: 0 as UnixMillis,
      triggeredAt: undefined,
      triggeredValue: undefined,
      condition: 'Crossing',
      frequency: 'OnlyOnce',
      valueUpper: undefined,
      bars: undefined,
      expiresAt: undefined,
      message: undefined,
      triggerCount: 0,
      lastFiredPeriod: undefined,
      creationCandleTime: T0 as UnixSeconds,
      creationHigh: PRICE,
      creationLow: PRICE,
    });
  }
  return alerts;
}

/** The naive engine: look at every alert on every update. */
function linearScan(
  alerts: readonly AlertRecord[],
  symbol: SymbolId,
  candle: Candle,
): AlertRecord[] {
  const fired: AlertRecord[] = [];
  for (const alert of alerts) {
    if (alert.symbol !== symbol || alert.type !== 'Price' || alert.status !== 'Active') continue;
    const seen = priceSeenByAlert(alert, candle);
    if (seen !== undefined && alertFires(alert.direction, alert.valueTarget, seen))
      fired.push(alert);
  }
  return fired;
}

function quiet(i: number): Candle {
  const wiggle = (i % 7) * 0.001;
  return {
    time: (T0 + 60) as UnixSeconds,
    open: PRICE,
    high: PRICE * (1.005 + wiggle),
    low: PRICE * (0.995 - wiggle),
    close: PRICE,
  };
}

function microseconds(start: bigint, end: bigint, count: number): number {
  return Number(end - start) / 1000 / count;
}

function main(): void {
  console.log(
    `alert engine index bench: ${ALERTS.toLocaleString('en-US')} active price alerts over ${SYMBOLS.length} symbols`,
  );
  const alerts = makeAlerts(ALERTS);
  const index = new AlertIndex();
  let start = process.hrtime.bigint();
  index.load(alerts);
  console.log(`  load + sort: ${(Number(process.hrtime.bigint() - start) / 1e6).toFixed(0)} ms`);

  // Linear scan baseline (fewer iterations: each one walks every alert).
  const scanRounds = 30;
  let sink = 0;
  start = process.hrtime.bigint();
  for (let i = 0; i < scanRounds; i += 1)
    sink += linearScan(alerts, SYMBOLS[i % SYMBOLS.length]!, quiet(i)).length;
  const scanUs = microseconds(start, process.hrtime.bigint(), scanRounds);

  // Index, no trigger.
  const rounds = 200_000;
  for (let i = 0; i < 10_000; i += 1)
    sink += index.takeReachedByPrice(SYMBOLS[i % SYMBOLS.length]!, quiet(i)).length; // warm-up
  start = process.hrtime.bigint();
  for (let i = 0; i < rounds; i += 1)
    sink += index.takeReachedByPrice(SYMBOLS[i % SYMBOLS.length]!, quiet(i)).length;
  const indexUs = microseconds(start, process.hrtime.bigint(), rounds);
  if (sink !== 0) throw new Error(`quiet candles must fire nothing, fired ${sink}`);

  console.log('  per price update, no alert fires:');
  console.log(`    linear scan : ${scanUs.toFixed(1).padStart(10)} µs`);
  console.log(
    `    index       : ${indexUs.toFixed(3).padStart(10)} µs   → ${Math.round(scanUs / indexUs).toLocaleString('en-US')}× faster (target ≥ 100×)`,
  );

  // k triggers: a candle whose high reaches exactly the k nearest up-targets of one symbol.
  console.log(
    '  per price update that fires k alerts (index; fired alerts are put back between rounds, untimed):',
  );
  const btcUp = alerts
    .filter((a) => a.symbol === 'BTCUSDT' && a.direction === 'up')
    .sort((a, b) => a.valueTarget - b.valueTarget);
  for (const k of [1, 10, 100, 1000]) {
    const high = btcUp[k - 1]!.valueTarget;
    const candle: Candle = {
      time: (T0 + 60) as UnixSeconds,
      open: PRICE,
      high,
      low: PRICE,
      close: PRICE,
    };
    const kRounds = k >= 1000 ? 200 : 2000;
    for (let i = 0; i < 20; i += 1) {
      for (const { alert } of index.takeReachedByPrice('BTCUSDT', candle)) index.add(alert); // warm-up
    }
    let timed = 0n;
    let fired = 0;
    for (let i = 0; i < kRounds; i += 1) {
      const before = process.hrtime.bigint();
      const reached = index.takeReachedByPrice('BTCUSDT', candle);
      timed += process.hrtime.bigint() - before;
      fired += reached.length;
      for (const { alert } of reached) index.add(alert);
    }
    if (fired !== k * kRounds)
      throw new Error(`expected ${k} fired per round, got ${fired / kRounds}`);
    const us = Number(timed) / 1000 / kRounds;
    const scanK = linearScan(alerts, 'BTCUSDT', candle).length;
    console.log(
      `    k = ${String(k).padStart(4)}: ${us.toFixed(2).padStart(9)} µs  (${(us / k).toFixed(3)} µs per fired alert; the scan finds ${scanK} in ~${scanUs.toFixed(0)} µs)`,
    );
  }
}

main();
