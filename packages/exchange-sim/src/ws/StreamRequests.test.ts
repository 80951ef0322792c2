import { describe, expect, it } from '@jest/globals';
import { FakeStreamSocket } from '../test-support/FakeStreamSocket';
import { parseStreamName, type KlineStream } from './parseStreamName';
import { StreamConnection } from './StreamConnection';
import { StreamRequests, type StreamReply } from './StreamRequests';

function connection(names: readonly string[] = [], combined = false): StreamConnection {
  const opened = new StreamConnection(new FakeStreamSocket(), combined);
  opened.subscribe(names.map((name) => parseStreamName(name) as KlineStream));
  return opened;
}

const requests = new StreamRequests(1024);
const ask = (target: StreamConnection, body: unknown): StreamReply =>
  requests.answer(target, JSON.stringify(body));

describe('StreamRequests', () => {
  it('subscribes, lists and unsubscribes with {result, id} replies', () => {
    const client = connection();
    const subscribed = ask(client, {
      method: 'SUBSCRIBE',
      params: ['btcusdt@kline_5m', 'ethusdt@kline_5m'],
      id: 1,
    });
    expect(subscribed).toEqual({ result: null, id: 1 });
    expect(Object.keys(subscribed)).toEqual(['result', 'id']);
    expect(ask(client, { method: 'LIST_SUBSCRIPTIONS', id: 'abc' })).toEqual({
      result: ['btcusdt@kline_5m', 'ethusdt@kline_5m'],
      id: 'abc',
    });
    expect(ask(client, { method: 'UNSUBSCRIBE', params: ['ethusdt@kline_5m'], id: 3 })).toEqual({
      result: null,
      id: 3,
    });
    expect(ask(client, { method: 'LIST_SUBSCRIPTIONS', id: null })).toEqual({
      result: ['btcusdt@kline_5m'],
      id: null,
    });
    expect([...client.subscriptions.keys()]).toEqual(['btcusdt@kline_5m']);
  });

  it('subscribes to the stream of any pair the catalogue lists', () => {
    const client = connection();
    const names = ['pepeusdt@kline_1m', 'ethbtc@kline_1h', 'usdttry@kline_1d'];
    expect(ask(client, { method: 'SUBSCRIBE', params: names, id: 1 })).toEqual({
      result: null,
      id: 1,
    });
    expect([...client.subscriptions.values()].map((s) => s.stream.symbol)).toEqual([
      'PEPEUSDT',
      'ETHBTC',
      'USDTTRY',
    ]);
  });

  it('keeps a stream subscribed twice once, in its first place', () => {
    const client = connection(['btcusdt@kline_1m']);
    ask(client, { method: 'SUBSCRIBE', params: ['ethusdt@kline_1m', 'btcusdt@kline_1m'], id: 1 });
    expect(ask(client, { method: 'LIST_SUBSCRIPTIONS', id: 2 })).toEqual({
      result: ['btcusdt@kline_1m', 'ethusdt@kline_1m'],
      id: 2,
    });
  });

  it('reads and switches the combined property', () => {
    const client = connection(['btcusdt@kline_1m']);
    expect(ask(client, { method: 'GET_PROPERTY', params: ['combined'], id: 1 })).toEqual({
      result: false,
      id: 1,
    });
    expect(ask(client, { method: 'SET_PROPERTY', params: ['combined', true], id: 2 })).toEqual({
      result: null,
      id: 2,
    });
    expect(client.combined).toBe(true);
    expect(ask(client, { method: 'GET_PROPERTY', params: ['combined'], id: 3 })).toEqual({
      result: true,
      id: 3,
    });
  });

  it.each([
    [
      'not json',
      { error: { code: 3, msg: 'Invalid JSON: expected value at line 1 column 1' }, id: null },
    ],
    [
      '{"method":"SUBSCRIBE","params":["btcusdt@kline_1m"]}',
      {
        error: { code: 2, msg: 'Invalid request: request ID must be an unsigned integer' },
        id: null,
      },
    ],
    [
      '{"params":[],"id":4}',
      {
        error: { code: 2, msg: 'Invalid request: missing field `method` at line 1 column 20' },
        id: null,
      },
    ],
    [
      '{"method":"SUBSCRIBE","params":["btcusdt@depth"],"id":5}',
      { error: { code: 2, msg: 'Invalid request: invalid stream' }, id: 5 },
    ],
    [
      '{"method":"SUBSCRIBE","params":["BTCUSDT@kline_1m"],"id":6}',
      { error: { code: 2, msg: 'Invalid request: invalid stream' }, id: 6 },
    ],
    [
      '{"method":"SUBSCRIBE","params":["solusdt@kline_1m","xyzusdt@kline_1m"],"id":61}',
      { error: { code: 2, msg: 'Invalid request: invalid stream' }, id: 61 },
    ],
    [
      '{"method":"SET_PROPERTY","params":["speed",true],"id":7}',
      { error: { code: 0, msg: 'Unknown property' }, id: 7 },
    ],
    [
      '{"method":"SET_PROPERTY","params":["combined","yes"],"id":8}',
      { error: { code: 1, msg: 'Invalid value type: expected Boolean' }, id: 8 },
    ],
    [
      '[1,2]',
      { error: { code: 3, msg: 'Invalid JSON: expected an object at line 1 column 1' }, id: null },
    ],
    [
      '{"method":"LIST_SUBSCRIPTIONS","id":"not an id"}',
      {
        error: { code: 2, msg: 'Invalid request: request ID must be an unsigned integer' },
        id: null,
      },
    ],
    [
      '{"method":"GET_PROPERTY","params":[],"id":9}',
      { error: { code: 2, msg: 'Invalid request: property name must be a string' }, id: 9 },
    ],
  ])('answers %s with Binance error %j', (text, reply) => {
    const client = connection();
    const answer = requests.answer(client, text);
    expect(answer).toEqual(reply);
    expect(Object.keys(answer)).toEqual(['error', 'id']);
    expect(client.subscriptions.size).toBe(0);
    expect(client.combined).toBe(false);
  });

  it('answers a binary frame (read as empty text) as invalid JSON', () => {
    expect(requests.answer(connection(), '')).toEqual({
      error: { code: 3, msg: 'Invalid JSON: expected value at line 1 column 1' },
      id: null,
    });
  });

  it('names the unknown method and the accepted ones', () => {
    const reply = requests.answer(connection(), '{"method":"SUBSCRIBEE","id":1}') as {
      error: { code: number; msg: string };
    };
    expect(reply.error.code).toBe(2);
    expect(reply.error.msg).toMatch(
      /^Invalid request: unknown variant "SUBSCRIBEE", expected one of `SUBSCRIBE`/,
    );
  });

  it('refuses more streams than a connection may hold, subscribing none of them', () => {
    const client = connection(['btcusdt@kline_1m']);
    const reply = new StreamRequests(2).answer(
      client,
      JSON.stringify({
        method: 'SUBSCRIBE',
        params: ['ethusdt@kline_1m', 'bnbusdt@kline_1m'],
        id: 1,
      }),
    );
    expect(reply).toEqual({
      error: { code: 2, msg: 'Invalid request: too many streams (at most 2)' },
      id: 1,
    });
    expect([...client.subscriptions.keys()]).toEqual(['btcusdt@kline_1m']);
  });
});
