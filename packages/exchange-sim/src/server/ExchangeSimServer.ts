import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import { ControlApi } from '../control/ControlApi';
import { type ExchangeSimControls } from '../control/ExchangeSimControls';
import { SimControls } from '../control/SimControls';
import { MarketSimulator } from '../market/MarketSimulator';
import { RequestWeightLimiter } from '../rest/RequestWeightLimiter';
import { RestApi } from '../rest/RestApi';
import { RestFaults } from '../rest/RestFaults';
import { type SimTimers } from '../timers/SimTimers';
import { StreamServer } from '../ws/StreamServer';

/** Options of a simulated exchange; every field has Binance's value or a loopback default. */
export interface ExchangeSimOptions {
  /** Listening port; 0 (the default) picks a free one. */
  readonly port?: number;
  /** Listening address (default 127.0.0.1). */
  readonly host?: string;
  /** Same seed, same market (default 1). */
  readonly seed?: number | string;
  /** The simulator's "now" in ms (default `Date.now`). */
  readonly clock?: () => number;
  /** Where each pair's walk passes through its reference price (default 2026-11-01). */
  readonly anchorTime?: number;
  /** Kline push period (default 2000 ms, as Binance; 1s streams push every min(1000, tickMs)). */
  readonly tickMs?: number;
  /** Server ping period (default 20 000 ms). */
  readonly pingIntervalMs?: number;
  /** Drop a connection whose ping stays unanswered this long (default 60 000 ms). */
  readonly pongTimeoutMs?: number;
  /** Close connections at this age (default 24 h). */
  readonly maxConnectionMs?: number;
  /** Incoming WebSocket messages per second before a disconnect (default 5). */
  readonly maxMessagesPerSecond?: number;
  /** Streams per connection (default 1024). */
  readonly maxStreamsPerConnection?: number;
  /** REQUEST_WEIGHT per minute (default 6000). */
  readonly weightLimitPerMinute?: number;
  /**
   * Clock and scheduler of the stream's timed rules: push ticks, pings and the pong deadline, the
   * message-rate window, the connection age, timed stalls and shutdown closes (default: real
   * timers). Tests pass a manual one and move it forward; pass its `now` as `clock` too so ticks
   * land on multiples of `tickMs` of that one time.
   */
  readonly timers?: SimTimers;
}

/** A running simulated exchange. */
export interface ExchangeSimHandle {
  /** HTTP base, e.g. `http://127.0.0.1:5090` (append `/api/v3/…`). */
  readonly url: string;
  /** WebSocket base, e.g. `ws://127.0.0.1:5090` (append `/ws/…` or `/stream?streams=…`). */
  readonly wsUrl: string;
  readonly port: number;
  /** The test controls (also served over HTTP under `/__sim/`). */
  readonly controls: ExchangeSimControls;
  /** The market itself, for in-process reads (klines, prices). */
  readonly market: MarketSimulator;
  /** Stops timers, drops connections and stops listening. */
  close(): Promise<void>;
}

function positiveInteger(name: string, value: number | undefined, fallback: number): number {
  const chosen = value ?? fallback;
  if (!Number.isInteger(chosen) || chosen < 1) {
    throw new RangeError(
      `exchange-sim option '${name}' must be a positive integer, got ${String(value)}`,
    );
  }
  return chosen;
}

/**
 * The simulated exchange: one HTTP port serving Binance's REST paths (`/api/v3/…`), its WebSocket
 * stream paths (`/ws/…`, `/stream?streams=…`) and the test control API (`/__sim/…`).
 */
export class ExchangeSimServer {
  readonly market: MarketSimulator;
  readonly controls: ExchangeSimControls;
  private readonly server: Server;
  private readonly streams: StreamServer;
  private readonly rest: RestApi;
  private readonly control: ControlApi;

  constructor(private readonly options: ExchangeSimOptions = {}) {
    this.market = new MarketSimulator({
      seed: options.seed,
      clock: options.clock,
      anchorTime: options.anchorTime,
    });
    const clock = this.market.clock;
    const limiter = new RequestWeightLimiter(
      clock,
      positiveInteger('weightLimitPerMinute', options.weightLimitPerMinute, 6000),
    );
    const faults = new RestFaults(clock, limiter.limit);
    this.streams = new StreamServer({
      market: this.market,
      tickMs: positiveInteger('tickMs', options.tickMs, 2000),
      pingIntervalMs: positiveInteger('pingIntervalMs', options.pingIntervalMs, 20_000),
      pongTimeoutMs: positiveInteger('pongTimeoutMs', options.pongTimeoutMs, 60_000),
      maxConnectionMs: positiveInteger('maxConnectionMs', options.maxConnectionMs, 24 * 3_600_000),
      maxMessagesPerSecond: positiveInteger(
        'maxMessagesPerSecond',
        options.maxMessagesPerSecond,
        5,
      ),
      maxStreamsPerConnection: positiveInteger(
        'maxStreamsPerConnection',
        options.maxStreamsPerConnection,
        1024,
      ),
      timers: options.timers,
    });
    this.rest = new RestApi({ market: this.market, limiter, faults });
    this.controls = new SimControls({
      market: this.market,
      streams: this.streams,
      faults,
      limiter,
    });
    this.control = new ControlApi(this.controls);
    this.server = createServer((request, response) => this.onRequest(request, response));
    this.server.on('upgrade', (request: IncomingMessage, socket, head: Buffer) => {
      if (!this.streams.handleUpgrade(request, socket, head)) {
        socket.end('HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\nconnection: close\r\n\r\n');
      }
    });
  }

  /** Starts listening and streaming. */
  async listen(): Promise<ExchangeSimHandle> {
    const port = this.options.port ?? 0;
    if (!Number.isInteger(port) || port < 0 || port > 65_535) {
      throw new RangeError(`exchange-sim option 'port' must be 0…65535, got ${String(port)}`);
    }
    const host = this.options.host ?? '127.0.0.1';
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
    this.streams.start();
    const address = this.server.address() as AddressInfo;
    const authority = `${host.includes(':') ? `[${host}]` : host}:${address.port}`;
    return {
      url: `http://${authority}`,
      wsUrl: `ws://${authority}`,
      port: address.port,
      controls: this.controls,
      market: this.market,
      close: () => this.close(),
    };
  }

  /** Stops streaming and listening. */
  async close(): Promise<void> {
    await this.streams.close();
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeAllConnections();
    await closed;
  }

  private onRequest(request: IncomingMessage, response: ServerResponse): void {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const fail = (error: unknown): void => {
      // A bug, not bad input: answer 500 with the evidence and keep serving.
      console.error('exchange-sim: request failed', request.method, request.url, error);
      if (!response.headersSent) {
        response.writeHead(500, { 'content-type': 'application/json;charset=UTF-8' });
      }
      response.end(
        JSON.stringify({
          code: -1000,
          msg: `An unknown error occurred while processing the request: ${String(error)}`,
        }),
      );
    };
    try {
      if (this.rest.serves(url.pathname)) {
        this.rest.handle(request, response, url);
      } else if (this.control.serves(url.pathname)) {
        this.control.handle(request, response, url).catch(fail);
      } else {
        response.writeHead(404, { 'content-type': 'application/json;charset=UTF-8' });
        response.end(JSON.stringify({ code: -1000, msg: `Unknown path ${url.pathname}` }));
      }
    } catch (error) {
      fail(error);
    }
  }
}
