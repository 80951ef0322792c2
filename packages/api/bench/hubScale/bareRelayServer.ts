// The floor of the hub scale bench, in its own process (forked by hubScaleBench.ts with the
// simulator's WebSocket base as argv[2]): a bare `ws` server that follows the same simulator
// streams as the api and forwards each kline message, as received, to the clients that asked for
// its stream (`/?stream=btcusdt@kline_1m`). No protocol, no handshake, no per-client state beyond
// the socket: what any broadcast must cost at least on this machine.
import { type AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import { type RelayReport } from './HubScaleMessage';
import { allKlinesUrl, type CombinedKline } from './klineStreams';

const simWsUrl = process.argv[2];
if (simWsUrl === undefined) throw new Error('bareRelayServer needs the simulator WebSocket URL');

const subscribers = new Map<string, Set<WebSocket>>();
const server = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
server.on('connection', (socket, request) => {
  const stream = new URL(request.url ?? '/', 'http://relay').searchParams.get('stream') ?? '';
  let sockets = subscribers.get(stream);
  if (sockets === undefined) {
    sockets = new Set();
    subscribers.set(stream, sockets);
  }
  sockets.add(socket);
  socket.on('close', () => sockets.delete(socket));
  socket.on('error', () => undefined);
});

const upstream = new WebSocket(allKlinesUrl(simWsUrl), { perMessageDeflate: false });
upstream.on('message', (data: Buffer) => {
  // Parsed only to route it; the clients get the simulator's bytes unchanged.
  const { stream } = JSON.parse(data.toString()) as CombinedKline;
  for (const socket of subscribers.get(stream) ?? []) socket.send(data, { binary: false });
});
upstream.on('close', () => process.exit(1));

void Promise.all([
  new Promise((resolve) => server.once('listening', resolve)),
  new Promise((resolve) => upstream.once('open', resolve)),
]).then(() => {
  const report: RelayReport = { kind: 'listening', port: (server.address() as AddressInfo).port };
  process.send?.(report);
});
process.on('disconnect', () => process.exit(0));
