import { afterEach, describe, expect, it } from '@jest/globals';
import { RawWsClient } from './test-support/RawClient';
import { delay, startTestHub, type TestHubServer, waitFor } from './test-support/startTestHub';

let server: TestHubServer | undefined;

afterEach(async () => {
  await server?.stop();
  server = undefined;
});

/** A client that has joined `group` and then stopped reading its socket. */
async function stalledMember(hub: TestHubServer, group: string): Promise<RawWsClient> {
  const client = await RawWsClient.open(hub.url);
  await client.handshake();
  client.sendText(`{"type":1,"invocationId":"0","target":"Join","arguments":["${group}"]}\x1e`);
  await client.waitForRecords(2);
  client.rawSocket.pause();
  return client;
}

describe('A WebSocket client that cannot keep up', () => {
  it('gets the latest update per key once it reads again, not every update', async () => {
    server = await startTestHub({
      sendHighWaterMark: 16 * 1024,
      slowConsumerTimeoutMs: 10_000,
      clientTimeoutMs: 10_000,
    });
    const slow = await stalledMember(server, 'candles');
    const payload = 'p'.repeat(8 * 1024);
    const updates = 4_000; // 32 MiB: far more than the kernel's socket buffers hold

    for (let n = 0; n < updates; n += 1) {
      const pair = n % 2 === 0 ? 'BTC' : 'ETH';
      server.hub.broadcast('candles', 'Candle', [pair, n, payload], { key: pair });
      if (n % 200 === 0) await delay(1); // let the socket report its backlog
    }
    slow.rawSocket.resume();
    const last = (pair: string): number | undefined =>
      slow.messages
        .map((m) => JSON.parse(m) as { target?: string; arguments?: [string, number] })
        .filter((m) => m.target === 'Candle' && m.arguments?.[0] === pair)
        .at(-1)?.arguments?.[1];
    await waitFor(
      () => last('BTC') === updates - 2 && last('ETH') === updates - 1,
      'the latest updates',
      10_000,
    );

    const delivered = slow.messages.filter((m) => m.includes('"Candle"')).length;
    expect(delivered).toBeLessThan(updates);
    expect(slow.closeCode).toBeUndefined();
    expect(server.hub.groupSize('candles')).toBe(1);
    slow.close();
  });

  it('is closed with allowReconnect when unkeyed messages pile up past the queue limit', async () => {
    server = await startTestHub({ sendHighWaterMark: 16 * 1024, maxQueuedBytes: 256 * 1024 });
    const slow = await stalledMember(server, 'news');
    const payload = 'p'.repeat(8 * 1024);

    for (let n = 0; n < 4_000 && server.hub.groupSize('news') > 0; n += 1) {
      server.hub.broadcast('news', 'Notice', [n, payload]);
      if (n % 200 === 0) await delay(1);
    }
    expect(server.hub.groupSize('news')).toBe(0);
    slow.rawSocket.resume();
    await slow.waitForClose(10_000);

    expect(JSON.parse(slow.records.at(-1)!)).toEqual({
      type: 7,
      error: 'Server closed the connection: the client did not keep up with its messages.',
      allowReconnect: true,
    });
  });
});
