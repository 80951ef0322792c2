import { describe, expect, it } from '@jest/globals';
import { WebSocket } from 'ws';
import { FakeStreamSocket } from '../test-support/FakeStreamSocket';
import { parseStreamName, type KlineStream } from './parseStreamName';
import { StreamConnection } from './StreamConnection';

const streams = (...names: string[]): KlineStream[] =>
  names.map((name) => parseStreamName(name) as KlineStream);

describe('StreamConnection', () => {
  it('subscribes each stream once, in subscription order, and unsubscribes by name', () => {
    const connection = new StreamConnection(new FakeStreamSocket(), false);
    connection.subscribe(streams('btcusdt@kline_1m', 'ethusdt@kline_1h'));
    connection.subscriptions.get('btcusdt@kline_1m')!.lastOpenTime = 5;
    connection.subscribe(streams('ethusdt@kline_1h', 'btcusdt@kline_1m', 'adausdt@kline_1d'));
    expect([...connection.subscriptions.keys()]).toEqual([
      'btcusdt@kline_1m',
      'ethusdt@kline_1h',
      'adausdt@kline_1d',
    ]);
    expect(connection.subscriptions.get('btcusdt@kline_1m')!.lastOpenTime).toBe(5);
    connection.unsubscribe(['ethusdt@kline_1h', 'dogeusdt@kline_1m']);
    expect([...connection.subscriptions.keys()]).toEqual(['btcusdt@kline_1m', 'adausdt@kline_1d']);
  });

  it('allows `limit` messages per one-second window', () => {
    const connection = new StreamConnection(new FakeStreamSocket(), false);
    for (let i = 0; i < 5; i += 1) expect(connection.countMessage(10_000 + i * 100, 5)).toBe(true);
    expect(connection.countMessage(10_999, 5)).toBe(false);
    expect(connection.countMessage(11_000, 5)).toBe(true);
  });

  it('sends only while open and the client keeps up', () => {
    const socket = new FakeStreamSocket();
    const connection = new StreamConnection(socket, false);
    connection.send('a');
    socket.bufferedAmount = 1_000_001;
    connection.send('b');
    socket.bufferedAmount = 0;
    socket.readyState = WebSocket.CLOSING;
    connection.send('c');
    expect(socket.sent).toEqual(['a']);
    expect(connection.isOpen).toBe(false);
  });
});
