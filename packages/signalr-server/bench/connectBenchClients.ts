import WebSocket from 'ws';
import { type ServerKind } from './ServerKind';

const RS = '\x1e';

/** Called for every broadcast a client receives. */
export type OnDelivery = (seq: number, sentAtUs: number) => void;

interface Delivered {
  seq: number;
  sentAtUs: number;
}

/**
 * Opens one WebSocket client speaking the server's own protocol by hand (no client library, so
 * client-side overhead is the same small JSON parse for all three): plain JSON for `ws`, the
 * SignalR JSON hub protocol after negotiate, Engine.IO/Socket.IO v4 packets. Resolves once the
 * server has accepted the client into the broadcast group.
 */
function connectOne(kind: ServerKind, port: number, onDelivery: OnDelivery): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const open = (url: string): WebSocket => {
      const ws = new WebSocket(url, { perMessageDeflate: false });
      ws.once('error', reject);
      return ws;
    };
    if (kind === 'ws') {
      const ws = open(`ws://127.0.0.1:${port}/`);
      ws.on('message', (data: Buffer) => {
        const message = JSON.parse(data.toString()) as Delivered;
        onDelivery(message.seq, message.sentAtUs);
      });
      ws.once('open', () => resolve(ws));
    } else if (kind === 'signalr') {
      fetch(`http://127.0.0.1:${port}/hub/negotiate?negotiateVersion=1`, { method: 'POST' })
        .then((response) => response.json() as Promise<{ connectionToken: string }>)
        .then(({ connectionToken }) => {
          const ws = open(`ws://127.0.0.1:${port}/hub?id=${connectionToken}`);
          let handshaken = false;
          ws.once('open', () => ws.send(`{"protocol":"json","version":1}${RS}`));
          ws.on('message', (data: Buffer) => {
            for (const record of data.toString().split(RS)) {
              if (record === '') continue;
              if (!handshaken) {
                handshaken = true;
                resolve(ws);
                continue;
              }
              const message = JSON.parse(record) as { type: number; arguments?: [Delivered] };
              if (message.type === 1 && message.arguments) {
                onDelivery(message.arguments[0].seq, message.arguments[0].sentAtUs);
              }
            }
          });
        }, reject);
    } else {
      const ws = open(`ws://127.0.0.1:${port}/socket.io/?EIO=4&transport=websocket`);
      ws.on('message', (data: Buffer) => {
        const text = data.toString();
        if (text.startsWith('42')) {
          const [, message] = JSON.parse(text.slice(2)) as [string, Delivered];
          onDelivery(message.seq, message.sentAtUs);
        } else if (text === '2') {
          ws.send('3'); // Engine.IO ping → pong
        } else if (text.startsWith('0')) {
          ws.send('40'); // Engine.IO open → Socket.IO connect to the main namespace
        } else if (text.startsWith('40')) {
          resolve(ws);
        }
      });
    }
  });
}

/** Opens `count` clients, `concurrency` at a time. */
export async function connectBenchClients(
  kind: ServerKind,
  port: number,
  count: number,
  onDelivery: OnDelivery,
  concurrency = 50,
): Promise<WebSocket[]> {
  const clients: WebSocket[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < count) {
      next += 1;
      clients.push(await connectOne(kind, port, onDelivery));
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return clients;
}
