import { afterEach, describe, expect, it } from '@jest/globals';
import { Worker } from 'node:worker_threads';
import { startTestHub, type TestHubServer, waitFor } from './test-support/startTestHub';

let server: TestHubServer | undefined;
const workers: Worker[] = [];

afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.terminate()));
  await server?.stop();
  server = undefined;
});

/**
 * A WebSocket client on its own thread, so it keeps pinging (every `pingEveryMs`, 0 = never)
 * while the test blocks the server's event loop. Resolves once its handshake is answered.
 */
function clientThread(url: string, pingEveryMs: number): Promise<Worker> {
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    const WebSocket = require(workerData.wsPath);
    const ws = new WebSocket(workerData.url);
    ws.on('open', () => ws.send('{"protocol":"json","version":1}\\x1e'));
    ws.once('message', () => {
      if (workerData.pingEveryMs > 0) setInterval(() => ws.send('{"type":6}\\x1e'), workerData.pingEveryMs);
      parentPort.postMessage('connected');
    });
  `;
  const worker = new Worker(code, {
    eval: true,
    workerData: { url: url.replace(/^http/, 'ws'), wsPath: require.resolve('ws'), pingEveryMs },
  });
  workers.push(worker);
  return new Promise((resolve, reject) => {
    worker.once('message', () => resolve(worker));
    worker.once('error', reject);
  });
}

function blockEventLoop(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // Busy: no timer, no I/O callback runs meanwhile, as in a long GC pause or a sync hot loop.
  }
}

describe('Client timeout after a stalled event loop', () => {
  it('reads the pings that waited in the socket buffers before timing clients out', async () => {
    server = await startTestHub({ clientTimeoutMs: 500, tickIntervalMs: 20 });
    await clientThread(server.url, 50);
    await clientThread(server.url, 0);
    await waitFor(() => server!.hub.connectionCount === 2, 'both clients to connect');

    blockEventLoop(2_000);
    await waitFor(() => server!.disconnected.length >= 1, 'the silent client to time out');
    await new Promise((resolve) => setTimeout(resolve, 300));

    // Only the client that sent nothing is gone; the one whose pings waited in the buffer stays.
    expect(server.disconnected).toHaveLength(1);
    expect(server.hub.connectionCount).toBe(1);
  });
});
