// Alert engine (one StreamEvaluator per stream, per-condition evaluators) vs a linear scan that
// steps every alert with domain `stepAlert`, measured in the same run (architecture §6: a price
// update must cost O(log n + fired), not a scan over all alerts). One million armed price alerts
// of every condition and mixed frequencies; prints the per-update cost of a quiet update (nothing
// fires) for both and their ratio, the engine's tick → decision latency (p50 / p99 / max), and
// the cost of updates that fire k alerts.
import {
  ALERT_CONDITIONS,
  type AlertCondition,
  alertDirection,
  type AlertFrequency,
  type AlertMachineState,
  type AlertObservation,
  type Candle,
  type FormingBar,
  initialMachineState,
  pricePath,
  stepAlert,
  DEFAULT_SYMBOLS,
  type SymbolId,
  type UnixMillis,
  type UnixSeconds,
} from '@pairwatch/domain';
import { type EvaluationSink } from '../src/alerts/evaluators/ConditionEvaluator';
import { StreamEvaluator } from '../src/alerts/StreamEvaluator';
import { type AlertRecord } from '../src/storage/AlertStore';
import { seededRandom } from './seededRandom';

const ALERTS = Number(process.env.BENCH_ALERTS ?? 1_000_000);
/** Each scan round steps every alert: a handful is enough (and keeps the run short). */
const SCAN_ROUNDS = 6;
const ROUNDS = 200_000;
const LATENCY_ROUNDS = 50_000;
const PRICE = 100;
const BAR_SECONDS = 60;
/** The bar the alerts were created in (Unix seconds, a minute boundary). */
const T0 = 1_700_000_040;
/** Quiet updates per bar and stream, then a new bar opens. */
const TICKS_PER_BAR = 20;
/** Closed bars seeded before T0, so every percent-move window (≤ 60 bars) is full. */
const HISTORY_BARS = 64;
const MAX_MOVE_BARS = 60;
const FREQUENCIES: readonly AlertFrequency[] = ['OnlyOnce', 'OncePerBar', 'OncePerMinute'];

function record(
  id: string,
  symbol: SymbolId,
  condition: AlertCondition,
  frequency: AlertFrequency,
  valueTarget: number,
  valueUpper: number | undefined,
  bars: number | undefined,
): AlertRecord {
  return {
    id,
    ownerId: `s${Number(id.slice(1)) % 100_000}`,
    channels: undefined,
    symbol,
    type: 'Price',
    interval: 'OneMinute',
    direction: alertDirection(PRICE, valueTarget),
    valueOnCreation: PRICE,
    valueTarget,
    status: 'Active',
    createdAt: (T0 * 1000) as UnixMillis,
    triggeredAt: undefined,
    triggeredValue: undefined,
    condition,
    frequency,
    valueUpper,
    bars,
    expiresAt: undefined,
    message: undefined,
    triggerCount: 0,
    lastFiredPeriod: undefined,
    creationCandleTime: T0 as UnixSeconds,
    creationHigh: PRICE,
    creationLow: PRICE,
  };
}

/**
 * Alerts of every condition whose levels are 2–50 % away from the price, built so that none holds
 * or is crossed while the price stays within ±1 %: levels and bands on the side they wait for,
 * `OutsideChannel` / `ExitingChannel` bands around the price, percent moves of ≥ 5 % over 5–60
 * bars (a ±1 % market moves ≤ 2.1 %).
 */
function makeAlerts(count: number): AlertRecord[] {
  const next = seededRandom(42);
  const above = (): number => PRICE * (1.02 + next() * 0.48);
  const below = (): number => PRICE * (0.98 - next() * 0.48);
  const sorted = (a: number, b: number): [number, number] => (a < b ? [a, b] : [b, a]);
  const alerts: AlertRecord[] = [];
  for (let i = 0; i < count; i += 1) {
    const symbol = DEFAULT_SYMBOLS[i % DEFAULT_SYMBOLS.length]!;
    const condition = ALERT_CONDITIONS[Math.floor(next() * ALERT_CONDITIONS.length)]!;
    const frequency = FREQUENCIES[Math.floor(next() * FREQUENCIES.length)]!;
    const make = (target: number, upper?: number, bars?: number): AlertRecord =>
      record(`a${i}`, symbol, condition, frequency, target, upper, bars);
    switch (condition) {
      case 'Crossing':
        alerts.push(make(next() < 0.5 ? above() : below()));
        break;
      case 'CrossingUp':
      case 'GreaterThan':
        alerts.push(make(above()));
        break;
      case 'CrossingDown':
      case 'LessThan':
        alerts.push(make(below()));
        break;
      case 'EnteringChannel':
      case 'InsideChannel': {
        // A band on one side of the price: it is outside, waiting to enter.
        const [lower, upper] = next() < 0.5 ? sorted(above(), above()) : sorted(below(), below());
        alerts.push(make(lower, upper));
        break;
      }
      case 'ExitingChannel':
      case 'OutsideChannel':
        // A band around the price: it is inside, waiting to leave.
        alerts.push(make(below(), above()));
        break;
      case 'MovingUpPercent':
      case 'MovingDownPercent':
        alerts.push(make(5 + next() * 45, undefined, 5 + Math.floor(next() * (MAX_MOVE_BARS - 4))));
        break;
    }
  }
  return alerts;
}

/** The candle forming at the alerts' creation (its extremes include the creation price). */
function creationCandle(): Candle {
  return {
    time: T0 as UnixSeconds,
    open: PRICE,
    high: PRICE * 1.001,
    low: PRICE * 0.999,
    close: PRICE,
  };
}

/** Closed ±1 % bars before T0, oldest first. */
function history(next: () => number): Candle[] {
  const bars: Candle[] = [];
  for (let j = HISTORY_BARS; j >= 1; j -= 1) {
    bars.push({
      time: (T0 - j * BAR_SECONDS) as UnixSeconds,
      open: PRICE,
      high: PRICE * (1 + 0.01 * next()),
      low: PRICE * (1 - 0.01 * next()),
      close: PRICE,
    });
  }
  return bars;
}

/**
 * One stream's quiet market from the bar after T0 on: the price walks within ±1 %, a new bar every
 * {@link TICKS_PER_BAR} updates, each update observed a little later than the last.
 */
class QuietMarket {
  private time = T0 + BAR_SECONDS;
  private tick = 0;
  private open = PRICE;
  private high = PRICE;
  private low = PRICE;
  private close = PRICE;

  constructor(private readonly next: () => number) {}

  update(): { candle: Candle; at: number } {
    if (this.tick === TICKS_PER_BAR) {
      this.tick = 0;
      this.time += BAR_SECONDS;
      this.open = this.close;
      this.high = this.close;
      this.low = this.close;
    }
    const price = PRICE * (1 + 0.01 * (2 * this.next() - 1));
    this.close = price;
    this.high = Math.max(this.high, price);
    this.low = Math.min(this.low, price);
    const at = this.time * 1000 + this.tick * Math.floor((BAR_SECONDS * 1000) / TICKS_PER_BAR);
    this.tick += 1;
    const candle: Candle = {
      time: this.time as UnixSeconds,
      open: this.open,
      high: this.high,
      low: this.low,
      close: this.close,
    };
    return { candle, at };
  }
}

/** Counts what the engine decides. */
function countingSink(): EvaluationSink & { readonly counts: { fired: number; expired: number } } {
  const counts = { fired: 0, expired: 0 };
  return {
    counts,
    fired: () => {
      counts.fired += 1;
    },
    expired: () => {
      counts.expired += 1;
    },
  };
}

/**
 * The naive engine: per candle update, walk every alert of every symbol and step those of the
 * updated symbol with domain `stepAlert` over the points of `pricePath`. Percent moves get their
 * window (computed once per point and window length, as the engine does).
 */
class LinearScan {
  private readonly states: AlertMachineState[];
  private readonly symbolOf: Uint8Array;
  private readonly bars = new Map<SymbolId, FormingBar | undefined>();
  private readonly closed = new Map<SymbolId, { high: number; low: number }[]>();

  constructor(
    private readonly alerts: readonly AlertRecord[],
    seed: (symbol: SymbolId) => readonly Candle[],
  ) {
    this.states = alerts.map((alert) => initialMachineState(alert));
    this.symbolOf = Uint8Array.from(alerts, (alert) =>
      (DEFAULT_SYMBOLS as readonly string[]).indexOf(alert.symbol),
    );
    for (const symbol of DEFAULT_SYMBOLS) this.closed.set(symbol, [...seed(symbol)]);
  }

  /** One update of `symbol`'s stream; returns how many alerts fired. */
  update(symbol: SymbolId, candle: Candle, at: number): number {
    const bar = this.bars.get(symbol);
    const closed = this.closed.get(symbol)!;
    if (bar !== undefined && candle.time > bar.time) closed.push(bar);
    const path = pricePath(bar, candle)!;
    this.bars.set(symbol, path.bar);
    const sameBar = bar !== undefined && bar.time === candle.time ? bar : undefined;
    // Observations per point: [0] without a window, [b] with the window of the last b bars.
    let low = sameBar?.low ?? Number.POSITIVE_INFINITY;
    let high = sameBar?.high ?? Number.NEGATIVE_INFINITY;
    const points = path.values.map((value) => {
      low = Math.min(low, value);
      high = Math.max(high, value);
      const observations: AlertObservation[] = [{ value, barTime: candle.time, at }];
      let lowestLow = low;
      let highestHigh = high;
      for (let b = 1; b <= MAX_MOVE_BARS; b += 1) {
        if (b > 1) {
          const past = closed[closed.length - (b - 1)]!;
          lowestLow = Math.min(lowestLow, past.low);
          highestHigh = Math.max(highestHigh, past.high);
        }
        observations.push({ value, barTime: candle.time, at, window: { lowestLow, highestHigh } });
      }
      return observations;
    });
    const wanted = (DEFAULT_SYMBOLS as readonly string[]).indexOf(symbol);
    let fired = 0;
    for (let i = 0; i < this.alerts.length; i += 1) {
      if (this.symbolOf[i] !== wanted) continue;
      const alert = this.alerts[i]!;
      const window = alert.bars ?? 0;
      let state = this.states[i]!;
      for (const observations of points) {
        const step = stepAlert(alert, state, observations[window]!);
        state = step.state;
        if (step.fired) fired += 1;
      }
      this.states[i] = state;
    }
    return fired;
  }
}

function ms(start: bigint): string {
  return `${(Number(process.hrtime.bigint() - start) / 1e6).toFixed(0)} ms`;
}

function main(): void {
  console.log(
    `alert engine bench: ${ALERTS.toLocaleString('en-US')} active price alerts (${ALERT_CONDITIONS.length} conditions; OnlyOnce, OncePerBar, OncePerMinute; OneMinute) over ${DEFAULT_SYMBOLS.length} symbols`,
  );
  let start = process.hrtime.bigint();
  const alerts = makeAlerts(ALERTS);
  const seeds = new Map<SymbolId, Candle[]>(
    DEFAULT_SYMBOLS.map((symbol, s) => [symbol, history(seededRandom(1000 + s))]),
  );
  const seedOf = (symbol: SymbolId): Candle[] => seeds.get(symbol)!;
  console.log(`  records: ${ms(start)}`);

  start = process.hrtime.bigint();
  const streams = new Map<SymbolId, StreamEvaluator>(
    DEFAULT_SYMBOLS.map((symbol) => [symbol, new StreamEvaluator()]),
  );
  for (const alert of alerts) streams.get(alert.symbol)!.add(alert);
  console.log(`  add to ${streams.size} stream evaluators: ${ms(start)}`);

  // Setup: history for percent moves, the creation bar's candle and the next bar's first one, so
  // that the staged alerts join their evaluators.
  start = process.hrtime.bigint();
  const sink = countingSink();
  const markets = new Map(
    DEFAULT_SYMBOLS.map((symbol, s) => [symbol, new QuietMarket(seededRandom(2000 + s))]),
  );
  for (const symbol of DEFAULT_SYMBOLS) {
    const stream = streams.get(symbol)!;
    stream.seedBars(seedOf(symbol));
    stream.onCandle(creationCandle(), T0 * 1000 + 1000, sink);
    const { candle, at } = markets.get(symbol)!.update();
    stream.onCandle(candle, at, sink);
  }
  const held = [...streams.values()].reduce((n, stream) => n + stream.size, 0);
  const staged = [...streams.values()].reduce((n, stream) => n + stream.stagedCount, 0);
  console.log(
    `  first two candles per stream (staged alerts join): ${ms(start)}; held ${held.toLocaleString('en-US')}, still staged ${staged}`,
  );
  if (held !== ALERTS || staged !== 0 || sink.counts.fired + sink.counts.expired !== 0)
    throw new Error(
      `setup: held ${held}, staged ${staged}, fired ${sink.counts.fired}, expired ${sink.counts.expired}`,
    );

  const quiet = (i: number): void => {
    const symbol = DEFAULT_SYMBOLS[i % DEFAULT_SYMBOLS.length]!;
    const { candle, at } = markets.get(symbol)!.update();
    streams.get(symbol)!.onCandle(candle, at, sink);
  };

  // Linear scan baseline, on its own copy of the market (few rounds: each walks every alert).
  start = process.hrtime.bigint();
  const scan = new LinearScan(alerts, seedOf);
  const scanMarkets = new Map(
    DEFAULT_SYMBOLS.map((symbol, s) => [symbol, new QuietMarket(seededRandom(3000 + s))]),
  );
  let scanFired = 0;
  for (const symbol of DEFAULT_SYMBOLS) {
    scanFired += scan.update(symbol, creationCandle(), T0 * 1000 + 1000);
    const { candle, at } = scanMarkets.get(symbol)!.update();
    scanFired += scan.update(symbol, candle, at);
  }
  console.log(`  linear scan setup (states, first two candles per symbol): ${ms(start)}`);
  start = process.hrtime.bigint();
  for (let i = 0; i < SCAN_ROUNDS; i += 1) {
    const symbol = DEFAULT_SYMBOLS[i % DEFAULT_SYMBOLS.length]!;
    const { candle, at } = scanMarkets.get(symbol)!.update();
    scanFired += scan.update(symbol, candle, at);
  }
  const scanUs = Number(process.hrtime.bigint() - start) / 1000 / SCAN_ROUNDS;
  if (scanFired !== 0)
    throw new Error(`quiet candles must fire nothing, the scan fired ${scanFired}`);

  // StreamEvaluator, no trigger.
  for (let i = 0; i < 20_000; i += 1) quiet(i); // warm-up
  start = process.hrtime.bigint();
  for (let i = 0; i < ROUNDS; i += 1) quiet(i);
  const engineUs = Number(process.hrtime.bigint() - start) / 1000 / ROUNDS;

  // Tick → decision latency: each onCandle timed alone.
  const latencies = new Float64Array(LATENCY_ROUNDS);
  for (let i = 0; i < LATENCY_ROUNDS; i += 1) {
    const symbol = DEFAULT_SYMBOLS[i % DEFAULT_SYMBOLS.length]!;
    const { candle, at } = markets.get(symbol)!.update();
    const stream = streams.get(symbol)!;
    const before = process.hrtime.bigint();
    stream.onCandle(candle, at, sink);
    latencies[i] = Number(process.hrtime.bigint() - before) / 1000;
  }
  latencies.sort();
  const percentile = (p: number): number =>
    latencies[Math.min(LATENCY_ROUNDS - 1, Math.ceil((p / 100) * LATENCY_ROUNDS) - 1)]!;
  if (sink.counts.fired + sink.counts.expired !== 0)
    throw new Error(
      `quiet candles must fire nothing, the engine fired ${sink.counts.fired} (expired ${sink.counts.expired})`,
    );

  console.log(
    `  per price update, no alert fires (${ALERTS.toLocaleString('en-US')} alerts held):`,
  );
  console.log(
    `    linear scan (stepAlert)   : ${scanUs.toFixed(1).padStart(10)} µs   (${SCAN_ROUNDS} updates)`,
  );
  console.log(
    `    StreamEvaluator           : ${engineUs.toFixed(3).padStart(10)} µs   (${ROUNDS.toLocaleString('en-US')} updates) → ${Math.round(scanUs / engineUs).toLocaleString('en-US')}× faster (target ≥ 100×)`,
  );
  console.log(
    `  tick → decision latency (StreamEvaluator.onCandle, ${LATENCY_ROUNDS.toLocaleString('en-US')} quiet updates): p50 ${percentile(50).toFixed(1)} µs, p99 ${percentile(99).toFixed(1)} µs, max ${latencies[LATENCY_ROUNDS - 1]!.toFixed(1)} µs`,
  );

  fireK();
}

/**
 * Updates that fire k alerts: one stream of repeating CrossingUp alerts (as many as one symbol
 * holds above), levels 2–50 % above the price. Each round opens a new bar (and a new minute) whose
 * high is the k-th nearest level and whose close is back at the price, so exactly the k nearest
 * fire and are re-armed for the next round.
 */
function fireK(): void {
  const count = Math.max(2_000, Math.ceil(ALERTS / DEFAULT_SYMBOLS.length));
  const next = seededRandom(7);
  const stream = new StreamEvaluator();
  const levels: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const level = PRICE * (1.02 + next() * 0.48);
    levels.push(level);
    const frequency: AlertFrequency = i % 2 === 0 ? 'OncePerBar' : 'OncePerMinute';
    stream.add(record(`k${i}`, 'BTCUSDT', 'CrossingUp', frequency, level, undefined, undefined));
  }
  levels.sort((a, b) => a - b);
  const sink = countingSink();
  let time = T0;
  stream.onCandle(creationCandle(), T0 * 1000 + 1000, sink);
  const round = (high: number): bigint => {
    time += BAR_SECONDS;
    const candle: Candle = {
      time: time as UnixSeconds,
      open: PRICE,
      high,
      low: PRICE * 0.995,
      close: PRICE,
    };
    const before = process.hrtime.bigint();
    stream.onCandle(candle, time * 1000 + 500, sink);
    return process.hrtime.bigint() - before;
  };
  round(PRICE * 1.005);
  if (stream.stagedCount !== 0 || sink.counts.fired !== 0)
    throw new Error('k setup: alerts still staged or fired');
  console.log(
    `  per price update that fires k alerts (a stream of ${count.toLocaleString('en-US')} OncePerBar / OncePerMinute CrossingUp alerts; each a new bar up to the k-th level and back):`,
  );
  for (const k of [1, 10, 100, 1000]) {
    if (k > count) break;
    const high = levels[k - 1]!;
    const rounds = k >= 1000 ? 300 : 2000;
    for (let i = 0; i < 20; i += 1) round(high); // warm-up
    sink.counts.fired = 0;
    let timed = 0n;
    for (let i = 0; i < rounds; i += 1) timed += round(high);
    if (sink.counts.fired !== k * rounds)
      throw new Error(`expected ${k} fired per round, got ${sink.counts.fired / rounds}`);
    const us = Number(timed) / 1000 / rounds;
    console.log(
      `    k = ${String(k).padStart(4)}: ${us.toFixed(2).padStart(9)} µs  (${(us / k).toFixed(3)} µs per fired alert)`,
    );
  }
}

main();
