import { type IncomingMessage, type ServerResponse } from 'node:http';
import { type SymbolId } from '@pairwatch/domain';
import { type PairStatus } from '../catalogue/PairStatus';
import { SimInputError } from '../market/SimInputError';
import { type ExchangeSimControls } from './ExchangeSimControls';

const MAX_BODY_BYTES = 64 * 1024;
/** Path prefix of the control API. */
const PREFIX = '/__sim/';

type Body = Record<string, unknown>;

/**
 * Whether a request declares a JSON body. A web page can send a cross-site form POST (urlencoded,
 * multipart, text/plain) or a body-less POST without asking first, but not an application/json
 * one, so requiring JSON keeps other pages from changing prices or injecting faults.
 */
function isJsonRequest(request: IncomingMessage): boolean {
  const mediaType = (request.headers['content-type'] ?? '').split(';')[0] ?? '';
  return mediaType.trim().toLowerCase() === 'application/json';
}

function readBody(request: IncomingMessage): Promise<Body> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new SimInputError(`The body is larger than ${MAX_BODY_BYTES} bytes`));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('error', reject);
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8').trim();
      if (text === '') {
        resolve({});
        return;
      }
      try {
        const parsed: unknown = JSON.parse(text);
        if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
          reject(new SimInputError('The body must be a JSON object'));
          return;
        }
        resolve(parsed as Body);
      } catch {
        reject(new SimInputError(`The body is not valid JSON: ${text.slice(0, 80)}`));
      }
    });
  });
}

function optionalNumber(body: Body, name: string): number | undefined {
  const value = body[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'number') {
    throw new SimInputError(`'${name}' must be a number, got ${JSON.stringify(value)}`);
  }
  return value;
}

/**
 * The control API for tests, JSON over HTTP under `/__sim/` (see the README for the list). Answers
 * 200 with a JSON result, 400 `{ error }` for bad input (nothing changed), 404 for an unknown path,
 * 405 for a wrong method, 415 for a POST whose content type is not `application/json` (nothing
 * changed).
 */
export class ControlApi {
  private readonly actions: ReadonlyMap<string, (body: Body) => unknown>;

  constructor(private readonly controls: ExchangeSimControls) {
    const price = (body: Body): unknown => {
      const symbol = body.symbol as SymbolId;
      const given = ['price', 'by', 'percent'].filter((key) => body[key] !== undefined);
      if (given.length !== 1) {
        throw new SimInputError("Send exactly one of 'price', 'by' or 'percent'");
      }
      const value = optionalNumber(body, given[0] ?? 'price') ?? Number.NaN;
      if (given[0] === 'price') return this.controls.setPrice(symbol, value);
      return this.controls.movePrice(
        symbol,
        given[0] === 'by' ? { by: value } : { percent: value },
      );
    };
    // A REST fault action: injects the fault for the body's `count`, answers the fault state.
    const restFault =
      (inject: (body: Body, count: number) => void) =>
      (body: Body): unknown => {
        inject(body, optionalNumber(body, 'count') ?? Number.NaN);
        return this.controls.state().restFault;
      };
    this.actions = new Map<string, (body: Body) => unknown>([
      ['price', price],
      ['price/move', price],
      ['move', price],
      // The status is checked by the control; a wrong one is a 400 naming the valid ones.
      [
        'status',
        (body) => this.controls.setStatus(body.symbol as SymbolId, body.status as PairStatus),
      ],
      ['faults/drop-connections', () => ({ dropped: this.controls.dropConnections() })],
      ['faults/drop-sockets', () => ({ dropped: this.controls.dropConnections() })],
      [
        'faults/stall',
        (body) => {
          this.controls.stallStream(optionalNumber(body, 'ms'));
          return { stalled: true };
        },
      ],
      [
        'faults/resume',
        () => {
          this.controls.resumeStream();
          return { stalled: false };
        },
      ],
      [
        'faults/server-shutdown',
        (body) => ({
          notified: this.controls.serverShutdown({
            closeAfterMs: optionalNumber(body, 'closeAfterMs'),
          }),
        }),
      ],
      [
        'faults/rate-limit',
        restFault((body, count) =>
          this.controls.failWithRateLimit({
            count,
            retryAfterSeconds: optionalNumber(body, 'retryAfterSeconds'),
          }),
        ),
      ],
      [
        'faults/server-error',
        restFault((body, count) =>
          this.controls.failWithServerError({ count, status: optionalNumber(body, 'status') }),
        ),
      ],
      [
        'faults/reset',
        () => {
          this.controls.resetFaults();
          return this.controls.state();
        },
      ],
      [
        'reset',
        () => {
          this.controls.reset();
          return this.controls.state();
        },
      ],
      [
        'push',
        () => {
          this.controls.pushNow();
          return { pushed: true };
        },
      ],
    ]);
  }

  /** Whether this API serves the path. */
  serves(pathname: string): boolean {
    return pathname.startsWith(PREFIX);
  }

  /** Answers one request (the caller checked `serves`). */
  async handle(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const name = url.pathname.slice(PREFIX.length).replace(/\/$/, '');
    try {
      if (name === 'state') {
        if (request.method !== 'GET') return send(response, 405, { error: 'Use GET' });
        return send(response, 200, this.controls.state());
      }
      const action = this.actions.get(name);
      if (!action) return send(response, 404, { error: `Unknown control ${url.pathname}` });
      if (request.method !== 'POST') return send(response, 405, { error: 'Use POST' });
      if (!isJsonRequest(request)) {
        const given = (request.headers['content-type'] ?? 'none').slice(0, 100);
        return send(response, 415, {
          error: `Send the control as content-type: application/json (got ${given})`,
        });
      }
      const body = await readBody(request);
      return send(response, 200, action(body));
    } catch (error) {
      if (error instanceof SimInputError) return send(response, 400, { error: error.message });
      throw error;
    }
  }
}

function send(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}
