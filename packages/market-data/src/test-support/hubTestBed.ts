import { jest } from '@jest/globals';
import { type CandleUpdate } from '@pairwatch/domain';
import { type HubConnectionState } from '../HubConnectionState';
import { MarketDataClient, type MarketDataClientOptions } from '../MarketDataClient';
import { type MarketDataError } from '../MarketDataError';
import { candleAt, FakeApi } from './FakeApi';
import { FakeHubServer } from './FakeHub';

/** The hub tests' clock at start: 30 s into the 10:00 minute. */
export const START = Date.parse('2026-01-05T10:00:30Z');
/** Open time of the minute candle forming at START. */
export const M0 = Date.parse('2026-01-05T10:00:00Z') / 1000;
export const MINUTE = 60;

/** A `CandleUpdate` payload as the hub sends it. */
export function update(symbol: string, time: number, close: number, interval = 'OneMinute') {
  return { symbol, interval, candle: candleAt(time, close) };
}

/** Each update as [seconds after M0, close]. */
export function closes(updates: readonly CandleUpdate[]): [number, number][] {
  return updates.map(({ candle }) => [candle.time - M0, candle.close]);
}

/** Runs due timers and settles the promises they started. */
export const settle = (ms = 0) => jest.advanceTimersByTimeAsync(ms);

/** What a hub test drives: a client on a fake api and a fake hub, and what it reported. */
export interface HubTestBed {
  readonly server: FakeHubServer;
  readonly api: FakeApi;
  readonly client: MarketDataClient;
  readonly errors: MarketDataError[];
  readonly states: HubConnectionState[];
}

/**
 * A client on fakes, recording `errors$` and `connectionState$`. Call it after
 * `jest.useFakeTimers({ now: START })`; dispose the client after each test.
 */
export function createHubTestBed(options: Partial<MarketDataClientOptions> = {}): HubTestBed {
  const server = new FakeHubServer();
  const api = new FakeApi();
  const client = new MarketDataClient({
    apiUrl: 'http://127.0.0.1:5080/',
    fetch: api.fetch,
    connect: server.connect,
    random: () => 0.5,
    catalogueStorage: null,
    ...options,
  });
  const errors: MarketDataError[] = [];
  const states: HubConnectionState[] = [];
  client.errors$.subscribe((error) => errors.push(error));
  client.connectionState$.subscribe((state) => states.push(state));
  return { server, api, client, errors, states };
}
