// The clients of the hub scale bench, in their own process (forked by hubScaleBench.ts with the
// simulator's WebSocket base as argv[2]), so their work is not the measured servers'. Opens N
// WebSocket clients, each following one stream (spread evenly over every default pair ×
// interval) and bound to one of M loopback source addresses (Linux routes all of 127/8 to `lo`,
// so the server sees M distinct clients): to the api they speak SignalR's JSON hub protocol by
// hand (handshake, `SubscribeToCandleUpdates`, pings every 15 s, staggered as real clients'
// are), to the bare relay nothing at all. A tap connected straight to the simulator stamps each
// kline event's arrival; an update's lag is its arrival at a client minus the tap's arrival of
// the same event, both stamped here before any parsing: the server's share alone (below zero
// when the relay's copy is read before the tap's).
import { INTERVAL_INFO, type Interval } from '@pairwatch/domain';
import WebSocket from 'ws';
import { summarizeLatencies } from '../load/summarizeLatencies';
import {
  type ScaleTarget,
  type ScaleWorkerCommand,
  type ScaleWorkerReport,
} from './HubScaleMessage';
import {
  allKlinesUrl,
  type CombinedKline,
  combinedKlineKey,
  KLINE_STREAMS,
  klineKey,
} from './klineStreams';

const RS = '\u001e';
/** Connections being opened at once (the servers' accept queues stay short). */
const OPENING_AT_ONCE = 250;
/** The official client pings every 15 s; each client here too, at its own moment. */
const PING_PERIOD_MS = 15_000;
const PING_STEP_MS = 100;
/** Tapped events older than this are forgotten: an update that late would be far off any bound. */
const TAP_MEMORY_MS = 60_000;

const simWsUrl = process.argv[2];
if (simWsUrl === undefined) throw new Error('scaleClientsWorker needs the simulator WebSocket URL');

/** Kline key → when the tap last saw that event (performance.now()) and in which burst. */
const tapped = new Map<string, { readonly at: number; readonly burst: number }>();
/**
 * The simulator pushes every stream at once each tick: tap arrivals closer than this belong to
 * the same burst, numbered from the first.
 */
const BURST_GAP_MS = 250;
let burst = 0;
let lastTapAt = Number.NEGATIVE_INFINITY;
let sockets: WebSocket[] = [];
let lags: number[] = [];
/** Lags by burst: the p99 of each burst shows a noisy neighbour's hit as one bad burst. */
let burstLags = new Map<number, number[]>();
let problems: Record<string, number> = {};
let updates = 0;
let measuring = false;
let stopping = false;

const report = (message: ScaleWorkerReport): void => void process.send?.(message);
const problem = (kind: string): void => {
  problems[kind] = (problems[kind] ?? 0) + 1;
};

/**
 * Client arrivals of events the tap has not seen yet (kline key → arrival times): the relay can
 * forward an event before this process reads the tap's copy. Their lag, negative, is taken when
 * the tap's copy comes; those still here at the end never matched (a subscription's first candle).
 */
const early = new Map<string, number[]>();

function record(lag: number, inBurst: number): void {
  lags.push(lag);
  let list = burstLags.get(inBurst);
  if (list === undefined) {
    list = [];
    burstLags.set(inBurst, list);
  }
  list.push(lag);
}

function arrived(key: string, at: number): void {
  if (!measuring) return;
  updates += 1;
  const seen = tapped.get(key);
  if (seen !== undefined) {
    record(at - seen.at, seen.burst);
    return;
  }
  const waiting = early.get(key);
  if (waiting === undefined) early.set(key, [at]);
  else waiting.push(at);
}

function openTap(): Promise<void> {
  const tap = new WebSocket(allKlinesUrl(simWsUrl!), { perMessageDeflate: false });
  tap.on('message', (data: Buffer) => {
    const at = performance.now();
    const key = combinedKlineKey(JSON.parse(data.toString()) as CombinedKline);
    // The latest sighting wins: a quiet stream can repeat an event's key on the next tick.
    if (at - lastTapAt > BURST_GAP_MS) burst += 1;
    lastTapAt = at;
    tapped.set(key, { at, burst });
    for (const arrival of early.get(key) ?? []) record(arrival - at, burst);
    early.delete(key);
  });
  setInterval(() => {
    const horizon = performance.now() - TAP_MEMORY_MS;
    for (const [key, seen] of tapped) if (seen.at < horizon) tapped.delete(key);
  }, 10_000).unref();
  return new Promise((resolve, reject) => {
    tap.once('open', () => resolve());
    tap.once('error', reject);
  });
}

/** Messages stamped and not parsed yet, in arrival order. */
const inbox: { data: Buffer; at: number; read: (text: string, at: number) => void }[] = [];

/**
 * Parses `data` once the sockets that are readable now have all been read: parsing as each
 * message comes would delay the stamps of the thousands read after it in the same burst, and
 * charge the servers with this process's work.
 */
function later(data: Buffer, at: number, read: (text: string, at: number) => void): void {
  if (inbox.length === 0) setImmediate(parseInbox);
  inbox.push({ data, at, read });
}

function parseInbox(): void {
  for (const { data, at, read } of inbox.splice(0)) read(data.toString(), at);
}

interface CandleUpdateRecord {
  readonly type?: number;
  readonly target?: string;
  readonly invocationId?: string;
  readonly error?: string;
  readonly arguments?: readonly [
    {
      readonly symbol: string;
      readonly interval: Interval;
      readonly candle: { readonly time: number; readonly close: number; readonly volume: number };
    },
  ];
}

/** Handles one SignalR record from the api; calls `subscribed` on the subscription's completion. */
function onHubRecord(text: string, at: number, subscribed: () => void): void {
  const record = JSON.parse(text) as CandleUpdateRecord;
  if (record.type === 1 && record.target === 'CandleUpdate' && record.arguments) {
    const { symbol, interval, candle } = record.arguments[0];
    const code = INTERVAL_INFO[interval].binanceCode;
    arrived(klineKey(symbol, code, candle.time * 1000, candle.close, candle.volume), at);
  } else if (record.type === 3 && record.invocationId === '1') {
    if (record.error === undefined) subscribed();
    else problem('subscribe refused');
  } else if (record.type === 7) {
    problem('closed by the server (SignalR Close)');
  } else if (record.type === undefined && record.error !== undefined) {
    problem('handshake refused');
  }
}

/** Opens client `index`; resolves once it follows its stream (or failed). */
function openClient(target: ScaleTarget, url: string, index: number, addresses: number) {
  const stream = KLINE_STREAMS[index % KLINE_STREAMS.length]!;
  // 127.20.0.1, 127.20.0.2, … : no .0 or .255 in the last byte.
  const slot = index % addresses;
  const localAddress = `127.20.${Math.floor(slot / 250)}.${(slot % 250) + 1}`;
  const base = url.replace(/^http/, 'ws');
  const socket = new WebSocket(
    target === 'api' ? `${base}/candles-hub` : `${base}/?stream=${stream.name}`,
    { localAddress, perMessageDeflate: false },
  );
  sockets.push(socket);
  return new Promise<void>((resolve) => {
    let following = false;
    const follow = (): void => {
      following = true;
      resolve();
    };
    socket.on('open', () => {
      if (target === 'relay') {
        follow();
        return;
      }
      socket.send(`{"protocol":"json","version":1}${RS}`);
      const subscribe = {
        type: 1,
        invocationId: '1',
        target: 'SubscribeToCandleUpdates',
        arguments: [[stream.symbol], [stream.interval]],
      };
      socket.send(JSON.stringify(subscribe) + RS);
    });
    const read =
      target === 'relay'
        ? (text: string, at: number) =>
            arrived(combinedKlineKey(JSON.parse(text) as CombinedKline), at)
        : (text: string, at: number) => {
            for (const record of text.split(RS)) if (record !== '') onHubRecord(record, at, follow);
          };
    socket.on('message', (data: Buffer) => later(data, performance.now(), read));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      problem(`${following ? 'socket' : 'connect'} error ${error.code ?? error.message}`);
    });
    socket.on('close', () => {
      if (stopping) return;
      problem(following ? 'closed' : 'closed before following');
      resolve();
    });
  });
}

/** Pings a slice of the api clients every step, so each pings once per period. */
function startPinging(): NodeJS.Timeout {
  let cursor = 0;
  const perStep = Math.max(1, Math.ceil(sockets.length / (PING_PERIOD_MS / PING_STEP_MS)));
  return setInterval(() => {
    for (let n = 0; n < perStep && sockets.length > 0; n += 1) {
      const socket = sockets[cursor++ % sockets.length]!;
      if (socket.readyState === WebSocket.OPEN) socket.send(`{"type":6}${RS}`);
    }
  }, PING_STEP_MS);
}

let pinger: NodeJS.Timeout | undefined;

async function connect(command: Extract<ScaleWorkerCommand, { kind: 'connect' }>) {
  for (let from = 0; from < command.clients; from += OPENING_AT_ONCE) {
    const to = Math.min(command.clients, from + OPENING_AT_ONCE);
    const opening: Promise<void>[] = [];
    for (let i = from; i < to; i += 1) {
      opening.push(openClient(command.target, command.url, i, command.addresses));
    }
    await Promise.all(opening);
  }
  if (command.target === 'api') pinger = startPinging();
  report({ kind: 'connected', open: openCount(), problems: { ...problems } });
}

function openCount(): number {
  return sockets.filter((socket) => socket.readyState === WebSocket.OPEN).length;
}

async function disconnect(): Promise<void> {
  parseInbox();
  measuring = false;
  stopping = true;
  clearInterval(pinger);
  report({
    kind: 'measured',
    lags: lags.map((lag) => Math.round(lag * 1000) / 1000),
    burstP99s: [...burstLags.values()].map((inBurst) => summarizeLatencies(inBurst).p99),
    updates,
    unmatched: [...early.values()].reduce((n, arrivals) => n + arrivals.length, 0),
    open: openCount(),
    problems: { ...problems },
  });
  await Promise.all(
    sockets.map((socket) =>
      socket.readyState === WebSocket.CLOSED
        ? undefined
        : new Promise((resolve) => {
            socket.once('close', resolve);
            socket.terminate();
          }),
    ),
  );
  sockets = [];
  lags = [];
  burstLags = new Map();
  problems = {};
  updates = 0;
  early.clear();
  stopping = false;
  report({ kind: 'disconnected' });
}

process.on('message', (raw) => {
  const command = raw as ScaleWorkerCommand;
  if (command.kind === 'connect') void connect(command);
  else if (command.kind === 'measure') measuring = true;
  else void disconnect();
});
process.on('disconnect', () => process.exit(0));

openTap().then(
  () => report({ kind: 'ready' }),
  (error: unknown) => {
    console.error('scaleClientsWorker: the tap on the simulator failed', error);
    process.exit(1);
  },
);
