import { afterEach, describe, expect, it } from '@jest/globals';
import { RawWsClient } from './test-support/RawClient';
import { startTestHub, type TestHubServer, waitFor } from './test-support/startTestHub';

const RS = '\x1e';
const POLICY_VIOLATION = 1008;
let server: TestHubServer | undefined;

afterEach(async () => {
  await server?.stop();
  server = undefined;
});

async function connected(): Promise<RawWsClient> {
  const ws = await RawWsClient.open(server!.url);
  await ws.handshake();
  return ws;
}

describe('Inbound WebSocket frame budget', () => {
  it('closes a client flooding 10,000 one-byte frames with 1008, and frees its slot', async () => {
    server = await startTestHub({ clientTimeoutMs: 10_000 });
    const flooder = await connected();
    const bystander = await connected();

    for (let n = 0; n < 10_000; n += 1) flooder.sendText('x');
    const code = await flooder.waitForClose();
    await waitFor(() => server!.hub.connectionCount === 1, 'the flooder to be released');

    expect(code).toBe(POLICY_VIOLATION);
    expect(server.disconnected).toHaveLength(1);
    expect(bystander.closeCode).toBeUndefined();
    bystander.close();
  });

  it('closes a message split into more than maxFragmentsPerMessage fragments with 1008', async () => {
    server = await startTestHub({ maxFragmentsPerMessage: 8 });
    const ws = await connected();

    for (let n = 0; n < 20; n += 1) ws.sendFragment(n === 0 ? '{"type":6' : ' ', false);
    ws.sendFragment(`}${RS}`, true);

    expect(await ws.waitForClose()).toBe(POLICY_VIOLATION);
  });

  it('leaves clients within the budget alone: a burst of 30 invocations and fragmented messages', async () => {
    server = await startTestHub({ maxFramesPerSecond: 100, maxFragmentsPerMessage: 8 });
    const ws = await connected();

    for (let n = 0; n < 30; n += 1) {
      ws.sendText(`{"type":1,"invocationId":"${n}","target":"Echo","arguments":["${n}"]}${RS}`);
    }
    ws.sendFragment('{"type":1,"invocationId":"f","target":"Echo",', false);
    ws.sendFragment('"arguments":["fragmented"]}', false);
    ws.sendFragment(RS, true);
    await waitFor(() => ws.messages.length >= 32, 'the 31 completions');
    const records = ws.messages;

    expect(records.slice(1).filter((record) => record.includes('"result"'))).toHaveLength(31);
    expect(records.some((record) => record.includes('"result":"fragmented"'))).toBe(true);
    expect(ws.closeCode).toBeUndefined();
    ws.close();
  });

  it('rejects invalid frame budget settings with the option named', async () => {
    await expect(startTestHub({ maxFramesPerSecond: 0 })).rejects.toThrow(/maxFramesPerSecond/);
    await expect(startTestHub({ maxFragmentsPerMessage: -1 })).rejects.toThrow(
      /maxFragmentsPerMessage/,
    );
  });
});
