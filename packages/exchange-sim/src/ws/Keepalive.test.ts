import { beforeEach, describe, expect, it } from '@jest/globals';
import { WebSocket } from 'ws';
import { FakeStreamSocket } from '../test-support/FakeStreamSocket';
import { ManualTimers } from '../test-support/ManualTimers';
import { TaskScheduler } from '../timers/TaskScheduler';
import { Keepalive } from './Keepalive';
import { StreamConnection } from './StreamConnection';

let timers: ManualTimers;
let connections: Set<StreamConnection>;
let stalled: boolean;
let keepalive: Keepalive;

/** Pings every 100 ms; a ping unanswered for more than 250 ms drops the connection. */
beforeEach(() => {
  timers = new ManualTimers(0);
  connections = new Set();
  stalled = false;
  keepalive = new Keepalive({
    connections,
    scheduler: new TaskScheduler(timers, timers.now),
    now: timers.now,
    pingIntervalMs: 100,
    pongTimeoutMs: 250,
    stalled: () => stalled,
  });
  keepalive.start();
});

function connect(): { connection: StreamConnection; socket: FakeStreamSocket } {
  const socket = new FakeStreamSocket();
  const connection = new StreamConnection(socket, false);
  connections.add(connection);
  return { connection, socket };
}

describe('Keepalive', () => {
  it('pings every connection every interval, each ping with a payload of its own', () => {
    const a = connect();
    const b = connect();
    timers.advance(99);
    expect(a.socket.pings).toEqual([]);
    timers.advance(101);
    expect(a.socket.pings).toEqual(['1', '3']);
    expect(b.socket.pings).toEqual(['2', '4']);
  });

  it('keeps a connection that answers with pong', () => {
    const { connection, socket } = connect();
    // Six pings take the connection past the pong deadline twice over.
    for (let round = 1; round <= 6; round += 1) {
      timers.advance(100);
      keepalive.pong(connection, socket.pings.at(-1)!);
    }
    expect(socket.pings).toHaveLength(6);
    expect(socket.terminated).toBe(false);
  });

  it('drops a connection that leaves a ping unanswered past the deadline, and not before', () => {
    const { socket } = connect();
    timers.advance(300);
    // At +300 the first ping (+100) has waited 200 ms: within the 250 ms deadline.
    expect(socket.pings).toEqual(['1', '2', '3']);
    expect(socket.terminated).toBe(false);
    timers.advance(100); // at +400 it has waited 300 ms
    expect(socket.terminated).toBe(true);
    expect(socket.pings).toHaveLength(3);
  });

  it('takes a pong as the answer to its ping and every earlier one', () => {
    const { connection, socket } = connect();
    timers.advance(300);
    keepalive.pong(connection, '3');
    timers.advance(200);
    expect(socket.terminated).toBe(false);
  });

  it('lets an unsolicited pong keep nothing alive', () => {
    const { connection, socket } = connect();
    timers.advance(300);
    keepalive.pong(connection, 'hello');
    keepalive.pong(connection, '4');
    timers.advance(100);
    expect(socket.terminated).toBe(true);
  });

  it('neither pings nor drops while stalled; forgiveAll clears the pings sent before', () => {
    const { socket } = connect();
    timers.advance(100);
    stalled = true;
    timers.advance(1000);
    expect(socket.pings).toEqual(['1']);
    expect(socket.terminated).toBe(false);
    stalled = false;
    keepalive.forgiveAll();
    timers.advance(100);
    expect(socket.pings).toEqual(['1', '2']);
    expect(socket.terminated).toBe(false);
  });

  it('counts a ping to a socket that is no longer open without sending it', () => {
    const { socket } = connect();
    socket.readyState = WebSocket.CLOSING;
    timers.advance(300);
    expect(socket.pings).toEqual([]);
    timers.advance(100);
    expect(socket.terminated).toBe(true);
  });
});
