import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { request as httpRequest } from 'node:http';
import { HttpTransportType, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import { HttpStatusError, negotiate, RawWsClient, request } from './test-support/RawClient';
import { delay, startTestHub, type TestHubServer, waitFor } from './test-support/startTestHub';

const RS = '\x1e';
const HANDSHAKE = `{"protocol":"json","version":1}${RS}`;
const PROTOCOL_CLOSE = '{"type":7,"error":"Connection closed with an error."}';

let server: TestHubServer;

beforeAll(async () => {
  server = await startTestHub({ allowedOrigins: ['http://app.example'] });
});

afterAll(async () => {
  await server.stop();
});

async function connectedWs(): Promise<RawWsClient> {
  const { connectionToken } = await negotiate(server.url);
  const client = await RawWsClient.open(server.url, connectionToken);
  await client.handshake();
  return client;
}

/** Bad handshake: the server answers `{"error":…}` and closes normally. */
async function expectHandshakeError(sent: string | undefined, error: string): Promise<void> {
  const { connectionToken } = await negotiate(server.url);
  const client = await RawWsClient.open(server.url, connectionToken);
  if (sent !== undefined) client.sendText(sent);
  await client.waitForRecords(1);
  expect(JSON.parse(client.records[0]!)).toEqual({ error });
  expect(await client.waitForClose()).toBe(1000);
}

/** Protocol violation after the handshake: Close with an error, then a normal close. */
async function expectProtocolClose(sent: string): Promise<void> {
  const client = await connectedWs();
  client.sendText(sent);
  await waitFor(() => client.messages.length >= 2, 'the Close message');
  expect(client.messages.slice(1)).toEqual([PROTOCOL_CLOSE]);
  expect(await client.waitForClose()).toBe(1000);
}

/** An invocation the hub refuses: one error completion, and the connection stays usable. */
async function expectCompletionError(invocation: object, error: string): Promise<void> {
  const client = await connectedWs();
  client.sendText(JSON.stringify({ type: 1, invocationId: '1', ...invocation }) + RS);
  client.sendText(`{"type":1,"invocationId":"2","target":"Echo","arguments":["ok"]}${RS}`);
  await waitFor(() => client.messages.length >= 3, 'two completions');
  expect(client.messages.slice(1).map((m) => JSON.parse(m) as unknown)).toEqual([
    { type: 3, invocationId: '1', error },
    { type: 3, invocationId: '2', result: 'ok' },
  ]);
  client.close();
}

/** Input the protocol says to ignore: nothing comes back for it and the connection stays. */
async function expectIgnored(sent: string): Promise<void> {
  const client = await connectedWs();
  client.sendText(sent);
  client.sendText(`{"type":1,"invocationId":"9","target":"Echo","arguments":["after"]}${RS}`);
  await waitFor(() => client.messages.length >= 2, 'the Echo completion');
  await delay(50);
  expect(client.messages.slice(1)).toEqual(['{"type":3,"invocationId":"9","result":"after"}']);
  expect(client.closeCode).toBeUndefined();
  client.close();
}

async function expectUpgradeStatus(
  token: string | undefined,
  status: number,
  headers = {},
): Promise<void> {
  const refused = await RawWsClient.open(server.url, token, headers).then(
    (client) => {
      client.close();
      return undefined;
    },
    (error: unknown) => error,
  );
  expect(refused).toBeInstanceOf(HttpStatusError);
  expect((refused as HttpStatusError).status).toBe(status);
}

async function expectStatus(
  method: string,
  path: string,
  status: number,
  body?: string,
  headers: Record<string, string> = {},
): Promise<void> {
  const response = await request(method, `${server.url}${path}`, body, headers);
  expect(response.status).toBe(status);
}

/** A long-polling connection that has completed its handshake. */
async function connectedLongPolling(): Promise<string> {
  const { connectionToken: token } = await negotiate(server.url);
  expect((await request('GET', `${server.url}?id=${token}`)).status).toBe(200);
  await request('POST', `${server.url}?id=${token}`, HANDSHAKE);
  const poll = await request('GET', `${server.url}?id=${token}`);
  expect(poll.text).toBe(`{}${RS}`);
  return token;
}

const bigString = (bytes: number): string => 'x'.repeat(bytes);

const cases: { name: string; run: () => Promise<void> }[] = [
  // --- handshake -------------------------------------------------------------------------------
  {
    name: 'a handshake that is not JSON gets the handshake error',
    run: () =>
      expectHandshakeError(
        `hello${RS}`,
        'An unexpected error occurred during connection handshake.',
      ),
  },
  {
    name: 'a handshake that is a JSON array gets the handshake error',
    run: () =>
      expectHandshakeError(`[]${RS}`, 'An unexpected error occurred during connection handshake.'),
  },
  {
    name: 'a handshake without a protocol gets the handshake error',
    run: () =>
      expectHandshakeError(
        `{"version":1}${RS}`,
        'An unexpected error occurred during connection handshake.',
      ),
  },
  {
    name: 'a Ping instead of a handshake gets the handshake error',
    run: () =>
      expectHandshakeError(
        `{"type":6}${RS}`,
        'An unexpected error occurred during connection handshake.',
      ),
  },
  {
    name: 'the messagepack protocol is refused by name',
    run: () =>
      expectHandshakeError(
        `{"protocol":"messagepack","version":1}${RS}`,
        "The protocol 'messagepack' is not supported.",
      ),
  },
  {
    name: 'an unsupported protocol version is refused',
    run: () =>
      expectHandshakeError(
        `{"protocol":"json","version":3}${RS}`,
        "The server does not support version 3 of the 'json' protocol.",
      ),
  },
  {
    name: 'a handshake that never comes is canceled after the handshake timeout',
    run: () => expectHandshakeError(undefined, 'Handshake was canceled.'),
  },
  {
    name: 'an oversized handshake without a separator gets the handshake error',
    run: () =>
      expectHandshakeError(
        bigString(40 * 1024),
        'An unexpected error occurred during connection handshake.',
      ),
  },
  // --- records after the handshake -------------------------------------------------------------
  {
    name: 'a record that is not JSON closes with an error',
    run: () => expectProtocolClose(`{"type":1,${RS}`),
  },
  {
    name: 'a record that is a number closes with an error',
    run: () => expectProtocolClose(`42${RS}`),
  },
  {
    name: 'a record that is null closes with an error',
    run: () => expectProtocolClose(`null${RS}`),
  },
  {
    name: 'a record without a type closes with an error',
    run: () => expectProtocolClose(`{"target":"Echo"}${RS}`),
  },
  {
    name: 'a record whose type is a string closes with an error',
    run: () => expectProtocolClose(`{"type":"1"}${RS}`),
  },
  {
    name: 'an invocation without a target closes with an error',
    run: () => expectProtocolClose(`{"type":1,"invocationId":"1","arguments":[]}${RS}`),
  },
  {
    name: 'an invocation whose arguments are not an array closes with an error',
    run: () =>
      expectProtocolClose(`{"type":1,"invocationId":"1","target":"Echo","arguments":"x"}${RS}`),
  },
  {
    name: 'a numeric invocationId closes with an error',
    run: () =>
      expectProtocolClose(`{"type":1,"invocationId":1,"target":"Echo","arguments":["x"]}${RS}`),
  },
  {
    name: 'an invocationId over 128 characters closes with an error',
    run: () =>
      expectProtocolClose(
        `{"type":1,"invocationId":"${bigString(129)}","target":"Echo","arguments":["x"]}${RS}`,
      ),
  },
  {
    name: 'a record over the 32 KiB message limit closes with an error',
    run: () =>
      expectProtocolClose(
        `{"type":1,"target":"Echo","arguments":["${bigString(40 * 1024)}"]}${RS}`,
      ),
  },
  {
    name: 'a WebSocket message over the receive limit is refused with close code 1009',
    run: async () => {
      const client = await connectedWs();
      client.sendText(bigString(200 * 1024));
      expect(await client.waitForClose()).toBe(1009);
    },
  },
  {
    name: 'a binary frame of garbage closes with an error',
    run: async () => {
      const client = await connectedWs();
      client.sendBinary(Buffer.from([0xff, 0x00, 0x1e]));
      await waitFor(() => client.messages.length >= 2, 'the Close message');
      expect(client.messages[1]).toBe(PROTOCOL_CLOSE);
    },
  },
  // --- invocations the hub refuses --------------------------------------------------------------
  {
    name: 'an unknown method gets "Method does not exist"',
    run: () =>
      expectCompletionError(
        { target: 'Nope', arguments: [] },
        "Failed to invoke 'Nope' due to an error on the server. HubException: Method does not exist.",
      ),
  },
  {
    name: 'too few arguments get the binding error',
    run: () =>
      expectCompletionError(
        { target: 'Add', arguments: [1] },
        "Failed to invoke 'Add' due to an error on the server.",
      ),
  },
  {
    name: 'too many arguments get the binding error',
    run: () =>
      expectCompletionError(
        { target: 'Echo', arguments: ['a', 'b'] },
        "Failed to invoke 'Echo' due to an error on the server.",
      ),
  },
  {
    name: 'an argument of the wrong type gets the binding error',
    run: () =>
      expectCompletionError(
        { target: 'Add', arguments: [1, '2'] },
        "Failed to invoke 'Add' due to an error on the server.",
      ),
  },
  {
    name: 'an object where a string is expected gets the binding error',
    run: () =>
      expectCompletionError(
        { target: 'Echo', arguments: [{ text: 'x' }] },
        "Failed to invoke 'Echo' due to an error on the server.",
      ),
  },
  {
    name: 'an upload-stream invocation gets the binding error',
    run: () =>
      expectCompletionError(
        { target: 'Echo', arguments: ['x'], streamIds: ['s1'] },
        "Failed to invoke 'Echo' due to an error on the server.",
      ),
  },
  {
    name: 'a streaming invocation of a plain method is refused',
    run: async () => {
      const client = await connectedWs();
      client.sendText(`{"type":4,"invocationId":"5","target":"Echo","arguments":["x"]}${RS}`);
      await waitFor(() => client.messages.length >= 2, 'the completion');
      expect(JSON.parse(client.messages[1]!)).toEqual({
        type: 3,
        invocationId: '5',
        error:
          "The client attempted to invoke the non-streaming 'Echo' method with a streaming invocation.",
      });
      client.close();
    },
  },
  {
    name: 'a method that throws unexpectedly gets the generic error without its details',
    run: () =>
      expectCompletionError(
        { target: 'Crash', arguments: [] },
        "An unexpected error occurred invoking 'Crash' on the server.",
      ),
  },
  // --- input the protocol ignores ----------------------------------------------------------------
  {
    name: 'an unknown message type is ignored',
    run: () => expectIgnored(`{"type":99,"x":1}${RS}`),
  },
  {
    name: 'an unknown method called without invocationId gets no answer',
    run: () => expectIgnored(`{"type":1,"target":"Nope","arguments":[]}${RS}`),
  },
  {
    name: 'a bad call without invocationId gets no answer',
    run: () => expectIgnored(`{"type":1,"target":"Add","arguments":["x"]}${RS}`),
  },
  {
    name: 'a stray completion from the client is ignored',
    run: () => expectIgnored(`{"type":3,"invocationId":"77","result":1}${RS}`),
  },
  {
    name: 'a stray stream item from the client is ignored',
    run: () => expectIgnored(`{"type":2,"invocationId":"77","item":1}${RS}`),
  },
  {
    name: 'a cancel for an unknown invocation is ignored',
    run: () => expectIgnored(`{"type":5,"invocationId":"77"}${RS}`),
  },
  {
    name: 'Ack and Sequence (stateful reconnect, never negotiated) are ignored',
    run: () => expectIgnored(`{"type":8,"sequenceId":1}${RS}{"type":9,"sequenceId":1}${RS}`),
  },
  {
    name: 'an empty record (two separators in a row) closes with an error',
    run: () => expectProtocolClose(`${RS}${RS}`),
  },
  // --- negotiate and HTTP transports -------------------------------------------------------------
  {
    name: 'a non-integer negotiateVersion gets a negotiate error',
    run: async () => {
      const response = await request('POST', `${server.url}/negotiate?negotiateVersion=abc`);
      expect(response.status).toBe(200);
      expect(JSON.parse(response.text)).toEqual({
        error: "The client requested an invalid protocol version 'abc'",
      });
    },
  },
  { name: 'negotiate by GET gets 405', run: () => expectStatus('GET', '/negotiate', 405) },
  { name: 'an unknown HTTP method gets 405', run: () => expectStatus('PUT', '?id=x', 405, 'x') },
  {
    name: 'a long poll with an unknown token gets 404',
    run: () => expectStatus('GET', '?id=unknown', 404),
  },
  {
    name: 'an SSE request with an unknown token gets 404',
    run: () => expectStatus('GET', '?id=unknown', 404, undefined, { Accept: 'text/event-stream' }),
  },
  {
    name: 'a POST with an unknown token gets 404',
    run: () => expectStatus('POST', '?id=unknown', 404, HANDSHAKE),
  },
  {
    name: 'a DELETE with an unknown token gets 404',
    run: () => expectStatus('DELETE', '?id=unknown', 404),
  },
  { name: 'a poll without an id gets 400', run: () => expectStatus('GET', '', 400) },
  { name: 'a POST without an id gets 400', run: () => expectStatus('POST', '', 400, HANDSHAKE) },
  { name: 'a DELETE without an id gets 400', run: () => expectStatus('DELETE', '', 400) },
  {
    name: 'a WebSocket with an unknown token gets 404',
    run: () => expectUpgradeStatus('unknown', 404),
  },
  {
    name: 'a second WebSocket for the same connection gets 409',
    run: async () => {
      const { connectionToken } = await negotiate(server.url);
      const first = await RawWsClient.open(server.url, connectionToken);
      await expectUpgradeStatus(connectionToken, 409);
      first.close();
    },
  },
  {
    name: 'a POST to a WebSocket connection gets 405',
    run: async () => {
      const { connectionToken } = await negotiate(server.url);
      const client = await RawWsClient.open(server.url, connectionToken);
      await expectStatus('POST', `?id=${connectionToken}`, 405, HANDSHAKE);
      client.close();
    },
  },
  {
    name: 'an SSE request on a long-polling connection gets 400',
    run: async () => {
      const token = await connectedLongPolling();
      await expectStatus('GET', `?id=${token}`, 400, undefined, { Accept: 'text/event-stream' });
      await expectStatus('DELETE', `?id=${token}`, 202);
    },
  },
  {
    name: 'a second SSE request for the same connection gets 409',
    run: async () => {
      const { connectionToken } = await negotiate(server.url);
      const controller = new AbortController();
      const first = await fetch(`${server.url}?id=${connectionToken}`, {
        headers: { Accept: 'text/event-stream' },
        signal: controller.signal,
      });
      expect(first.status).toBe(200);
      await expectStatus('GET', `?id=${connectionToken}`, 409, undefined, {
        Accept: 'text/event-stream',
      });
      controller.abort();
    },
  },
  {
    name: 'a DELETE on a WebSocket connection gets 400',
    run: async () => {
      const { connectionToken } = await negotiate(server.url);
      const client = await RawWsClient.open(server.url, connectionToken);
      await expectStatus('DELETE', `?id=${connectionToken}`, 400);
      client.close();
    },
  },
  {
    name: 'a POST before the transport is open gets 400',
    run: async () => {
      const { connectionToken } = await negotiate(server.url);
      await expectStatus('POST', `?id=${connectionToken}`, 400, HANDSHAKE);
    },
  },
  {
    name: 'a POST body over the receive limit gets 413 and ends the connection',
    run: async () => {
      const token = await connectedLongPolling();
      await expectStatus('POST', `?id=${token}`, 413, bigString(200 * 1024));
      const poll = await request('GET', `${server.url}?id=${token}`);
      expect(poll.text).toBe(PROTOCOL_CLOSE + RS);
      await expectStatus('GET', `?id=${token}`, 204);
    },
  },
  {
    name: 'bad JSON posted on long polling closes with an error',
    run: async () => {
      const token = await connectedLongPolling();
      await expectStatus('POST', `?id=${token}`, 200, `{nope${RS}`);
      const poll = await request('GET', `${server.url}?id=${token}`);
      expect(poll.text).toBe(PROTOCOL_CLOSE + RS);
    },
  },
  {
    name: 'a POST while another POST is still being read gets 409',
    run: async () => {
      const token = await connectedLongPolling();
      const slow = httpRequest(`${server.url}?id=${token}`, { method: 'POST' });
      slow.on('error', () => undefined);
      slow.write('{"type":6');
      await delay(50);
      await expectStatus('POST', `?id=${token}`, 409, `{"type":6}${RS}`);
      slow.end(`}${RS}`);
      await expectStatus('DELETE', `?id=${token}`, 202);
    },
  },
  {
    name: 'a foreign Origin gets 403 on negotiate',
    run: () =>
      expectStatus('POST', '/negotiate?negotiateVersion=1', 403, undefined, {
        Origin: 'http://evil.example',
      }),
  },
  {
    name: 'a foreign Origin gets 403 on the WebSocket upgrade',
    run: () => expectUpgradeStatus(undefined, 403, { Origin: 'http://evil.example' }),
  },
];

describe('Malformed input', () => {
  afterAll(() => {
    console.log(`malformed-input cases: ${cases.length}`);
  });

  it.each(cases)('$name', async ({ run }) => {
    await run();
  });

  it('leaves the server serving clients after all of it', async () => {
    const client = new HubConnectionBuilder()
      .withUrl(server.url, { transport: HttpTransportType.WebSockets })
      .configureLogging(LogLevel.None)
      .build();
    await client.start();
    await expect(client.invoke('Echo', 'alive')).resolves.toBe('alive');
    await client.stop();
  });
});
