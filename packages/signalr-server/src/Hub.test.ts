import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import {
  HttpTransportType,
  HubConnectionBuilder,
  HubConnectionState,
  LogLevel,
  type HubConnection,
} from '@microsoft/signalr';
import { delay, startTestHub, type TestHubServer, waitFor } from './test-support/startTestHub';

const TRANSPORTS = [
  ['WebSockets', HttpTransportType.WebSockets],
  ['ServerSentEvents', HttpTransportType.ServerSentEvents],
  ['LongPolling', HttpTransportType.LongPolling],
] as const;

interface ClientEvents {
  reconnecting: (string | undefined)[];
  reconnected: (string | undefined)[];
  closed: (string | undefined)[];
}

function connect(
  url: string,
  transport: HttpTransportType,
): { client: HubConnection; events: ClientEvents } {
  const client = new HubConnectionBuilder()
    .withUrl(url, { transport })
    .withAutomaticReconnect([0, 50, 100, 200, 400, 800, 1_600])
    .withServerTimeout(800)
    .withKeepAliveInterval(100)
    .configureLogging(LogLevel.None)
    .build();
  const events: ClientEvents = { reconnecting: [], reconnected: [], closed: [] };
  client.onreconnecting((error) => events.reconnecting.push(error?.message));
  client.onreconnected((id) => events.reconnected.push(id));
  client.onclose((error) => events.closed.push(error?.message));
  return { client, events };
}

describe.each(TRANSPORTS)('The official client over %s', (name, transport) => {
  let server: TestHubServer;
  const clients: HubConnection[] = [];

  function open(): { client: HubConnection; events: ClientEvents } {
    const opened = connect(server.url, transport);
    clients.push(opened.client);
    return opened;
  }

  beforeEach(async () => {
    server = await startTestHub();
  });

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.stop()));
    await server.stop();
  });

  it('connects on the requested transport and gets results of invocations', async () => {
    const { client } = open();
    await client.start();

    expect(client.state).toBe(HubConnectionState.Connected);
    const serverSide = server.hub.getConnection(client.connectionId!);
    expect(serverSide?.transport).toBe(name);
    await expect(client.invoke('Echo', 'hello')).resolves.toBe('hello');
    await expect(client.invoke('add', 2, 40)).resolves.toBe(42);
    await expect(client.invoke('Count')).resolves.toBe(1);
    await expect(client.invoke('Count')).resolves.toBe(2);
  });

  it('rejects an invocation with the hub error and stays connected', async () => {
    const { client } = open();
    await client.start();

    await expect(client.invoke('Fail', "Unknown symbol 'BTCUSDX'.")).rejects.toThrow(
      "Unknown symbol 'BTCUSDX'.",
    );
    await expect(client.invoke('Missing')).rejects.toThrow(
      "Failed to invoke 'Missing' due to an error on the server. HubException: Method does not exist.",
    );
    await expect(client.invoke('Crash')).rejects.toThrow(
      "An unexpected error occurred invoking 'Crash' on the server.",
    );
    await expect(client.invoke('Add', 'two', 2)).rejects.toThrow(
      "Failed to invoke 'Add' due to an error on the server.",
    );
    expect(client.state).toBe(HubConnectionState.Connected);
    await expect(client.invoke('Echo', 'still here')).resolves.toBe('still here');
  });

  it('delivers group broadcasts to members only, in order', async () => {
    const member = open();
    const outsider = open();
    const received: number[] = [];
    const outsiderReceived: number[] = [];
    member.client.on('Tick', (n: number) => received.push(n));
    outsider.client.on('Tick', (n: number) => outsiderReceived.push(n));
    await Promise.all([member.client.start(), outsider.client.start()]);
    await member.client.invoke('Join', 'room');

    for (let n = 1; n <= 5; n += 1) server.hub.broadcast('room', 'Tick', [n]);
    await waitFor(() => received.length === 5, 'five broadcasts');

    expect(received).toEqual([1, 2, 3, 4, 5]);
    expect(server.hub.groupSize('room')).toBe(1);
    // `send` (no invocationId) runs the method without a completion.
    await member.client.send('Leave', 'room');
    await waitFor(() => server.hub.groupSize('room') === 0, 'the member to leave');
    expect(server.hub.broadcast('room', 'Tick', [6])).toBe(0);
    expect(server.hub.send(outsider.client.connectionId!, 'Tick', [7])).toBe(true);
    await waitFor(() => outsiderReceived.length === 1, 'the direct send');
    expect(outsiderReceived).toEqual([7]);
    expect(received).toEqual([1, 2, 3, 4, 5]);
  });

  it('stays connected through idle periods thanks to keep-alive', async () => {
    const { client, events } = open();
    await client.start();
    const id = client.connectionId;

    // Longer than the client's server timeout (800 ms), the server's client timeout (1 s) and
    // several long-poll timeouts (300 ms): only pings (or re-polls) keep it alive.
    await delay(1_500);

    expect(client.state).toBe(HubConnectionState.Connected);
    expect(client.connectionId).toBe(id);
    expect(events.reconnecting).toEqual([]);
    await expect(client.invoke('Echo', 'after idle')).resolves.toBe('after idle');
  });

  it('reconnects automatically to a restarted server with a new connection', async () => {
    const { client, events } = open();
    await client.start();
    const firstId = client.connectionId;
    const port = server.port;

    await server.stop();
    server = await startTestHub({}, port);
    await waitFor(() => events.reconnected.length === 1, 'the client to reconnect', 5_000);

    expect(events.reconnecting.length).toBe(1);
    expect(client.state).toBe(HubConnectionState.Connected);
    expect(client.connectionId).not.toBe(firstId);
    expect(server.hub.getConnection(client.connectionId!)?.transport).toBe(name);
    await expect(client.invoke('Count')).resolves.toBe(1);
  });

  it('reconnects after a Close that allows it', async () => {
    const { client, events } = open();
    await client.start();
    const firstId = client.connectionId!;

    expect(
      server.hub.closeConnection(firstId, { error: 'Rebalancing.', allowReconnect: true }),
    ).toBe(true);
    await waitFor(() => events.reconnected.length === 1, 'the client to reconnect');

    expect(events.reconnecting).toEqual(['Server returned an error on close: Rebalancing.']);
    expect(events.closed).toEqual([]);
    expect(client.connectionId).not.toBe(firstId);
    expect(server.disconnected).toContainEqual({ connectionId: firstId, error: 'Rebalancing.' });
    await expect(client.invoke('Echo', 'back')).resolves.toBe('back');
  });

  it('stops for good after a Close without allowReconnect', async () => {
    const { client, events } = open();
    await client.start();

    await client.invoke('CloseMe', 'Account suspended.', false);
    await waitFor(() => events.closed.length === 1, 'the client to close');
    await delay(200);

    expect(events.closed).toEqual(['Server returned an error on close: Account suspended.']);
    expect(events.reconnecting).toEqual([]);
    expect(client.state).toBe(HubConnectionState.Disconnected);
    expect(server.hub.connectionCount).toBe(0);
  });

  it('forgets the connection when the client stops', async () => {
    const { client } = open();
    await client.start();
    const id = client.connectionId!;
    await client.invoke('Join', 'room');

    await client.stop();
    await waitFor(() => server.disconnected.some((d) => d.connectionId === id), 'onDisconnected');

    expect(server.hub.connectionCount).toBe(0);
    expect(server.hub.groupSize('room')).toBe(0);
  });
});
