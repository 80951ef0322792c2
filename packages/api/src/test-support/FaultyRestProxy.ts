import http from 'node:http';
import { type AddressInfo } from 'node:net';

/** A canned error answer with a `Retry-After`, as Binance gives when limiting or banning. */
export interface RestFault {
  readonly status: 429 | 418;
  readonly retryAfterSeconds: number;
}

/**
 * A loopback HTTP proxy in front of a Binance-compatible REST server that answers the next
 * requests with planned 429s and 418s (each with `Retry-After` and Binance's error body) and
 * forwards everything else. The simulator answers 418 only to a client that ignores a 429's wait;
 * this proxy can ban a well-behaved one too, as Binance does when weight was overused elsewhere.
 */
export class FaultyRestProxy {
  private readonly planned: RestFault[] = [];
  /** When the last planned failure was answered (ms), 0 if none yet. */
  lastFaultAt = 0;
  /** Every failure answered, with when. */
  readonly answered: { readonly status: number; readonly at: number }[] = [];
  /** When each request arrived (ms), failed or forwarded. */
  readonly arrivals: number[] = [];

  private constructor(private readonly server: http.Server) {}

  /** Starts the proxy on an ephemeral loopback port in front of `target` (`http://host:port`). */
  static async start(target: string): Promise<FaultyRestProxy> {
    const base = new URL(target);
    const server = http.createServer();
    const proxy = new FaultyRestProxy(server);
    server.on('request', (request, response) => {
      proxy.arrivals.push(Date.now());
      const fault = proxy.planned.shift();
      if (fault) {
        proxy.lastFaultAt = Date.now();
        proxy.answered.push({ status: fault.status, at: proxy.lastFaultAt });
        request.resume();
        const msg =
          fault.status === 418
            ? 'Way too much request weight used; IP banned.'
            : 'Too much request weight used; current limit is 6000 request weight per 1 MINUTE.';
        const body = JSON.stringify({ code: -1003, msg });
        response.writeHead(fault.status, {
          'content-type': 'application/json;charset=UTF-8',
          'retry-after': String(fault.retryAfterSeconds),
          'content-length': Buffer.byteLength(body),
        });
        response.end(body);
        return;
      }
      const forwarded = http.request(
        {
          host: base.hostname,
          port: base.port,
          method: request.method,
          path: request.url,
          headers: request.headers,
        },
        (upstream) => {
          response.writeHead(upstream.statusCode ?? 502, upstream.headers);
          upstream.pipe(response);
        },
      );
      forwarded.on('error', () => response.destroy());
      request.pipe(forwarded);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return proxy;
  }

  /** `http://127.0.0.1:<port>`. */
  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Planned failures not answered yet. */
  get pending(): number {
    return this.planned.length;
  }

  /** Answers the next requests with these failures, in order. */
  failNext(...faults: readonly RestFault[]): void {
    this.planned.push(...faults);
  }

  async close(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeAllConnections();
    await closed;
  }
}
