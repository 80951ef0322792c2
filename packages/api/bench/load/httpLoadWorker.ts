// A load-bench worker (forked by runLoadBench.ts): an open-loop REST load on the api — alert
// creations and GET /candles at fixed rates, sent on schedule whatever the answers' latency (a
// closed loop would slow down with the server and hide its queueing). Latency is measured from
// just before the request is written to the end of the answer's body.
import http from 'node:http';
import { INTERVALS, DEFAULT_SYMBOLS } from '@pairwatch/domain';
import { type LoadWorkerCommand, type LoadWorkerReport } from './LoadWorkerMessage';
import { p99ByMinute } from './p99ByMinute';
import { summarizeLatencies } from './summarizeLatencies';

/** The scheduler's period: requests due within it go out together. */
const TICK_MS = 5;

/** Browsers the GET /candles load comes from, each with its own address. */
const CANDLE_CLIENTS = 1_000;

/** Longer than any answer may take. */
const REQUEST_TIMEOUT_MS = 30_000;

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
const latencies: Record<string, number[]> = { alertCreate: [], alertDelete: [], candles: [] };
/** The latencies of requests sent after the warm-up. */
const steadyLatencies: Record<string, number[]> = {
  alertCreate: [],
  alertDelete: [],
  candles: [],
};
/** Set at the end of the warm-up: from then on, latencies count in `steadyLatencies` too. */
let steady = false;
const errors: Record<string, number> = {};
const sent: Record<string, number> = { alertCreate: 0, alertDelete: 0, candles: 0 };
let inFlight = 0;
/** When each alert creation of `latencies` was sent, in ms from the start of the run. */
const createTimes: number[] = [];
let runStarted = 0;

/**
 * Alerts a browser keeps: beyond these, each creation is followed by deleting its oldest, so the
 * run reaches a steady state (a constant number of armed alerts, under MAX_ACTIVE_ALERTS) instead
 * of memory that grows with every alert ever created.
 */
const ALERTS_KEPT = 50;

function request(
  kind: 'alertCreate' | 'alertDelete' | 'candles',
  url: URL,
  options: { method: string; headers: Record<string, string>; body?: string },
  expected: number,
  onBody?: (body: string) => void,
): void {
  sent[kind] = (sent[kind] ?? 0) + 1;
  inFlight += 1;
  const started = performance.now();
  const afterWarmUp = steady;
  const done = (error?: string) => {
    inFlight -= 1;
    if (error) {
      errors[`${kind} ${error}`] = (errors[`${kind} ${error}`] ?? 0) + 1;
      return;
    }
    const latency = performance.now() - started;
    latencies[kind]!.push(latency);
    if (kind === 'alertCreate') createTimes.push(started - runStarted);
    if (afterWarmUp) steadyLatencies[kind]!.push(latency);
  };
  const outgoing = http.request(
    url,
    { method: options.method, headers: options.headers, agent },
    (response) => {
      const chunks: Buffer[] = [];
      if (onBody === undefined) response.resume();
      else response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const ok = response.statusCode === expected;
        done(ok ? undefined : `HTTP ${response.statusCode}`);
        if (ok) onBody?.(Buffer.concat(chunks).toString());
      });
      response.on('error', (error: NodeJS.ErrnoException) => done(error.code ?? 'error'));
    },
  );
  outgoing.on('error', (error: NodeJS.ErrnoException) => done(error.code ?? error.message));
  // A request that never ends counts as an error rather than holding the run open.
  outgoing.setTimeout(REQUEST_TIMEOUT_MS, () => outgoing.destroy(new Error('timeout')));
  outgoing.end(options.body);
}

function run(command: Extract<LoadWorkerCommand, { kind: 'httpLoad' }>): void {
  const started = performance.now();
  runStarted = started;
  let alerts = 0;
  let candles = 0;
  let next = 0;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
  /** Per subscription, the ids of its alerts, oldest first. */
  const kept = new Map<string, string[]>();
  const keep = (subscription: { id: string; address: string }, base: string, body: string) => {
    const ids = kept.get(subscription.id) ?? [];
    kept.set(subscription.id, ids);
    ids.push((JSON.parse(body) as { id: string }).id);
    if (ids.length <= ALERTS_KEPT) return;
    const oldest = ids.shift()!;
    request(
      'alertDelete',
      new URL(`/alerts/${oldest}?subscriptionId=${subscription.id}`, base),
      { method: 'DELETE', headers: { 'x-forwarded-for': subscription.address } },
      204,
    );
  };
  const timer = setInterval(() => {
    const elapsed = Math.min(command.seconds, (performance.now() - started) / 1000);
    steady = elapsed >= command.warmUpSeconds;
    while (alerts < Math.floor(elapsed * command.alertsPerSecond)) {
      const subscription = command.subscriptions[alerts % command.subscriptions.length]!;
      const symbol = pick(DEFAULT_SYMBOLS);
      const price = command.prices[symbol] ?? 1;
      // Within ±2 % of the price: some are reached during the run, and their pushes go out.
      const valueTarget = Number((price * (1 + (Math.random() - 0.5) * 0.04)).toPrecision(6));
      const base = command.apiUrls[next++ % command.apiUrls.length]!;
      request(
        'alertCreate',
        new URL('/alerts', base),
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': subscription.address },
          body: JSON.stringify({
            symbol,
            type: 'Price',
            valueTarget,
            subscriptionId: subscription.id,
          }),
        },
        201,
        (body) => keep(subscription, base, body),
      );
      alerts += 1;
    }
    while (candles < Math.floor(elapsed * command.candlesPerSecond)) {
      const base = command.apiUrls[next++ % command.apiUrls.length]!;
      // Charts opening in many browsers, not one client asking 500 times a second: the api
      // budgets upstream-consuming reads per client (docs/architecture.md §10).
      const client = candles % CANDLE_CLIENTS;
      const address = `10.3.${Math.floor(client / 250)}.${(client % 250) + 1}`;
      const query = new URLSearchParams({
        symbol: pick(DEFAULT_SYMBOLS),
        interval: pick(INTERVALS),
        limit: String(command.candlesLimit),
      });
      request(
        'candles',
        new URL(`/candles?${query}`, base),
        // As a browser asks: compressed.
        { method: 'GET', headers: { 'accept-encoding': 'br, gzip', 'x-forwarded-for': address } },
        200,
      );
      candles += 1;
    }
    if (elapsed >= command.seconds) {
      clearInterval(timer);
      const finish = setInterval(() => {
        if (inFlight > 0) return;
        clearInterval(finish);
        const report: LoadWorkerReport = {
          kind: 'httpResult',
          latency: {
            alertCreate: summarizeLatencies(latencies.alertCreate!),
            alertDelete: summarizeLatencies(latencies.alertDelete!),
            candles: summarizeLatencies(latencies.candles!),
          },
          steadyLatency: {
            alertCreate: summarizeLatencies(steadyLatencies.alertCreate!),
            alertDelete: summarizeLatencies(steadyLatencies.alertDelete!),
            candles: summarizeLatencies(steadyLatencies.candles!),
          },
          alertCreateP99ByMinute: p99ByMinute(latencies.alertCreate!, createTimes),
          errors,
          sent,
        };
        process.send?.(report);
        setTimeout(() => process.exit(0), 100);
      }, 20);
    }
  }, TICK_MS);
}

process.on('message', (raw) => {
  const command = raw as LoadWorkerCommand;
  if (command.kind === 'httpLoad') run(command);
});
