// A load-bench worker (forked by runLoadBench.ts): thousands of hub clients speaking SignalR's
// JSON hub protocol over `ws` (the official client is too heavy for 5,000 in one process), each
// subscribed to one (symbol, interval), spread evenly over all of them. A tap connected straight to
// the simulator records each kline event's event time `E`; the lag of a hub update is its arrival
// time minus the `E` of the simulator event with the same stream, open time, close and volume.
// Both clocks are this machine's wall clock (the simulator runs in the parent process). `E` is
// stamped when the simulator starts a tick, before it computes and writes that tick's events, so
// a second figure is the hub arrival minus the tap's own arrival of the same event: the api's
// share alone (both arrivals are stamped here, before parsing).
import {
  INTERVAL_INFO,
  INTERVALS,
  DEFAULT_SYMBOLS,
  type Interval,
  type SymbolId,
} from '@pairwatch/domain';
import WebSocket from 'ws';
import { type LoadWorkerCommand, type LoadWorkerReport } from './LoadWorkerMessage';
import { p99ByMinute } from './p99ByMinute';
import { summarizeLatencies } from './summarizeLatencies';

const RS = '\u001e';
/** Connections opened at once while connecting (the api's accept queue stays short). */
const CONNECT_BATCH = 250;
/** Clients send a ping this often, as the official client does, so the hub never times them out. */
const PING_MS = 15_000;

interface HubUpdate {
  readonly symbol: SymbolId;
  readonly interval: Interval;
  readonly candle: { readonly time: number; readonly close: number; readonly volume: number };
}

const eventTimes = new Map<string, { readonly E: number; readonly tapped: number }>();
/**
 * Event contents the simulator sent more than once: a quiet stream (no trade between two of its
 * 2-s kline updates) is sent again unchanged, and an update with that content cannot be told from
 * the earlier ones. Timed against the first, every repeat would add 2 s more lag, a minute of them
 * enough to push the p99 into seconds; they are counted apart instead.
 */
const repeatedContents = new Set<string>();
const lags: number[] = [];
/** When each of `lags` arrived, in ms from the start of measuring. */
const lagTimes: number[] = [];
let measuringSince = 0;
/** Updates sooner than this after `measuringSince` are the warm-up: left out of the steady lag. */
let warmUpMs = 0;
const apiLags: number[] = [];
const errors: Record<string, number> = {};
const sockets: WebSocket[] = [];
let measuring = false;
let updates = 0;
let unmatched = 0;
let repeated = 0;
let tap: WebSocket | undefined;

const count = (kind: string) => {
  errors[kind] = (errors[kind] ?? 0) + 1;
};
const send = (report: LoadWorkerReport) => process.send?.(report);
const keyOf = (symbol: string, code: string, openMs: number, close: number, volume: number) =>
  `${symbol}|${code}|${openMs}|${close}|${volume}`;

/** Streams as (symbol, interval) pairs, every symbol with every interval. */
const streams = DEFAULT_SYMBOLS.flatMap((symbol) =>
  INTERVALS.map((interval) => ({ symbol, interval })),
);

function openTap(simWsUrl: string): Promise<void> {
  const names = streams.map(
    ({ symbol, interval }) =>
      `${symbol.toLowerCase()}@kline_${INTERVAL_INFO[interval].binanceCode}`,
  );
  tap = new WebSocket(`${simWsUrl}/stream?streams=${names.join('/')}`);
  tap.on('message', (data) => {
    const tapped = Date.now();
    const { data: event } = JSON.parse(data.toString()) as {
      data: { E: number; s: string; k: { t: number; i: string; c: string; v: string } };
    };
    const key = keyOf(event.s, event.k.i, event.k.t, Number(event.k.c), Number(event.k.v));
    if (eventTimes.has(key)) repeatedContents.add(key);
    else eventTimes.set(key, { E: event.E, tapped });
  });
  // Forget events older than a minute: any update matching them would be far beyond any bound.
  setInterval(() => {
    const old = Date.now() - 60_000;
    for (const [key, at] of eventTimes) {
      if (at.E >= old) continue;
      eventTimes.delete(key);
      repeatedContents.delete(key);
    }
  }, 10_000).unref();
  return new Promise((resolve, reject) => {
    tap!.once('open', () => resolve());
    tap!.once('error', reject);
  });
}

/**
 * Messages are stamped as they are read and parsed once every socket ready in this turn of the
 * event loop has been read: parsing 5,000 updates one by one as they come would hold back reading
 * (and stamping) the sockets after them, and the lag would include this process's own backlog.
 */
const unparsed: { readonly arrived: number; readonly parse: (arrived: number) => void }[] = [];

function later(parse: (arrived: number) => void): void {
  unparsed.push({ arrived: Date.now(), parse });
  if (unparsed.length === 1) setImmediate(parseArrived);
}

function parseArrived(): void {
  for (const { arrived, parse } of unparsed.splice(0)) parse(arrived);
}

function onRecord(record: string, arrived: number, socket: WebSocket, ready: () => void): void {
  const message = JSON.parse(record) as {
    type?: number;
    target?: string;
    invocationId?: string;
    error?: string;
    arguments?: unknown[];
  };
  if (message.type === undefined) {
    // The handshake answer: `{}` or `{ error }`.
    if (message.error) {
      count('handshake');
      return;
    }
    return;
  }
  if (message.type === 1 && message.target === 'CandleUpdate') {
    if (!measuring) return;
    updates += 1;
    const update = message.arguments?.[0] as HubUpdate;
    const key = keyOf(
      update.symbol,
      INTERVAL_INFO[update.interval].binanceCode,
      update.candle.time * 1000,
      update.candle.close,
      update.candle.volume,
    );
    const sent = eventTimes.get(key);
    if (repeatedContents.has(key)) repeated += 1;
    else if (sent === undefined) unmatched += 1;
    else {
      lags.push(arrived - sent.E);
      lagTimes.push(arrived - measuringSince);
      apiLags.push(arrived - sent.tapped);
    }
  } else if (message.type === 3 && message.invocationId === '1') {
    if (message.error) count('subscribe');
    else ready();
  } else if (message.type === 7) {
    count('closedByServer');
    socket.close();
  }
}

function connect(url: string, index: number): Promise<void> {
  const { symbol, interval } = streams[index % streams.length]!;
  // Behind a proxy (the api runs with TRUST_PROXY): 100 client addresses, 50 connections each,
  // under the hub's per-client cap; one address would be refused after 100 connections.
  const address = `10.2.0.${(index % 100) + 1}`;
  return new Promise((resolve) => {
    const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/candles-hub`, {
      headers: { 'x-forwarded-for': address },
    });
    sockets.push(socket);
    let done = false;
    const finish = (error?: string) => {
      if (done) return;
      done = true;
      if (error) count(error);
      resolve();
    };
    socket.on('open', () => {
      socket.send(`{"protocol":"json","version":1}${RS}`);
      socket.send(
        JSON.stringify({
          type: 1,
          invocationId: '1',
          target: 'SubscribeToCandleUpdates',
          arguments: [[symbol], [interval]],
        }) + RS,
      );
    });
    socket.on('message', (data) => {
      later((arrived) => {
        for (const record of data.toString().split(RS)) {
          if (record !== '') onRecord(record, arrived, socket, () => finish());
        }
      });
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (!done) finish(`connect ${error.code ?? error.message}`);
      else count(`socket ${error.code ?? error.message}`);
    });
    socket.on('close', () => {
      if (!done) finish('closedBeforeSubscribed');
      else if (!stopping) count('closed');
    });
  });
}

let stopping = false;

process.on('message', (raw) => {
  const command = raw as LoadWorkerCommand;
  if (command.kind === 'hubClients') {
    void (async () => {
      await openTap(command.simWsUrl);
      for (let from = 0; from < command.connections; from += CONNECT_BATCH) {
        const batch: Promise<void>[] = [];
        for (let i = from; i < Math.min(command.connections, from + CONNECT_BATCH); i += 1) {
          batch.push(connect(command.apiUrls[i % command.apiUrls.length]!, i));
        }
        await Promise.all(batch);
      }
      setInterval(() => {
        for (const socket of sockets) {
          if (socket.readyState === WebSocket.OPEN) socket.send(`{"type":6}${RS}`);
        }
      }, PING_MS).unref();
      const connected = sockets.filter((socket) => socket.readyState === WebSocket.OPEN).length;
      send({ kind: 'connected', connected, errors: { ...errors } });
    })();
  } else if (command.kind === 'startMeasuring') {
    measuring = true;
    measuringSince = Date.now();
    warmUpMs = command.warmUpSeconds * 1000;
  } else if (command.kind === 'stop') {
    measuring = false;
    stopping = true;
    const open = sockets.filter((socket) => socket.readyState === WebSocket.OPEN).length;
    send({
      kind: 'hubResult',
      lag: summarizeLatencies(lags),
      apiLag: summarizeLatencies(apiLags),
      steadyLag: summarizeLatencies(lags.filter((_, i) => lagTimes[i]! >= warmUpMs)),
      lagP99ByMinute: p99ByMinute(lags, lagTimes),
      unmatched,
      repeated,
      updates,
      open,
      errors,
    });
    for (const socket of sockets) socket.terminate();
    tap?.terminate();
    setTimeout(() => process.exit(0), 100);
  }
});
