// A broadcast server in its own process, so the bench measures its CPU apart from the clients'.
// argv[2] picks the implementation: bare `ws` (the floor), our SignalR hub, or Socket.IO.
import { createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import { Server as SocketIoServer } from 'socket.io';
import { WebSocketServer } from 'ws';
import { Hub } from '../src';
import { benchPayload } from './benchPayload';
import { type BenchIpcMessage, type ServerKind } from './ServerKind';

const GROUP = 'BTCUSDT:OneMinute';
const kind = process.argv[2] as ServerKind;
const server = createServer();
let broadcast: (seq: number) => void;
let clientCount: () => number;

if (kind === 'ws') {
  const wss = new WebSocketServer({ server, perMessageDeflate: false });
  broadcast = (seq) => {
    // The `ws` README's broadcast: serialize once, send the string to every client.
    const data = JSON.stringify(benchPayload(seq));
    for (const client of wss.clients) client.send(data);
  };
  clientCount = () => wss.clients.size;
} else if (kind === 'signalr') {
  const hub = new Hub({ onConnected: (connection) => connection.addToGroup(GROUP) });
  hub.attach(server, '/hub');
  broadcast = (seq) => {
    hub.broadcast(GROUP, 'CandleUpdate', [benchPayload(seq)], { key: GROUP });
  };
  clientCount = () => hub.groupSize(GROUP);
} else if (kind === 'socketio') {
  const io = new SocketIoServer(server, { transports: ['websocket'], perMessageDeflate: false });
  io.on('connection', (socket) => {
    void socket.join(GROUP);
  });
  broadcast = (seq) => {
    io.to(GROUP).emit('CandleUpdate', benchPayload(seq));
  };
  clientCount = () => io.sockets.adapter.rooms.get(GROUP)?.size ?? 0;
} else {
  throw new Error(`Unknown server kind '${String(kind)}': expected ws, signalr or socketio.`);
}

function send(message: BenchIpcMessage): void {
  process.send?.(message);
}

function run(rate: number, seconds: number): void {
  const total = Math.round(rate * seconds);
  const intervalMs = 1000 / rate;
  const cpuStart = process.cpuUsage();
  const wallStart = performance.now();
  let seq = 0;
  const tick = (): void => {
    broadcast(seq);
    seq += 1;
    if (seq < total) {
      // Scheduled against the start time, so a slow broadcast does not lower the rate.
      setTimeout(tick, Math.max(0, wallStart + seq * intervalMs - performance.now()));
      return;
    }
    // Let the last writes leave the process before reading the CPU figure.
    setTimeout(() => {
      const cpu = process.cpuUsage(cpuStart);
      send({
        type: 'done',
        sent: seq,
        cpuMs: (cpu.user + cpu.system) / 1000,
        wallMs: performance.now() - wallStart,
      });
    }, 300);
  };
  tick();
}

process.on('message', (message: BenchIpcMessage) => {
  if (message.type === 'start') run(message.rate, message.seconds);
  if (message.type === 'countClients') send({ type: 'clients', count: clientCount() });
});
process.on('disconnect', () => process.exit(0));

server.listen(0, '127.0.0.1', () => {
  send({ type: 'listening', port: (server.address() as AddressInfo).port });
});
