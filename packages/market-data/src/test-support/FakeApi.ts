import { type Candle, type UnixSeconds } from '@pairwatch/domain';

/** A candle with every price at `close`, for tests. */
export function candleAt(time: number, close = 100): Candle {
  return { time: time as UnixSeconds, open: close, high: close, low: close, close, volume: 1 };
}

/** What a fake route answers: a JSON body (status 200) or a full response. */
export type FakeAnswer = unknown | Response;

/**
 * A fake api behind `fetch`: routes by path to the test's handlers and records every request URL.
 */
export class FakeApi {
  readonly requests: URL[] = [];
  candles: (query: URLSearchParams) => FakeAnswer | Promise<FakeAnswer> = () => [];
  symbols: (symbols: string[]) => FakeAnswer | Promise<FakeAnswer> = () => ({});
  /** `GET /symbols`: the whole catalogue. */
  catalogue: () => FakeAnswer | Promise<FakeAnswer> = () => ({});

  readonly fetch = async (input: string, init?: RequestInit): Promise<Response> => {
    const url = new URL(input);
    this.requests.push(url);
    if (init?.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    let answer: FakeAnswer;
    if (url.pathname.endsWith('/candles')) answer = await this.candles(url.searchParams);
    else if (url.pathname.includes('/symbols/')) {
      answer = await this.symbols(url.pathname.split('/symbols/')[1]!.split(','));
    } else if (url.pathname.endsWith('/symbols')) answer = await this.catalogue();
    else answer = new Response('not found', { status: 404 });
    return answer instanceof Response
      ? answer
      : new Response(JSON.stringify(answer), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
  };

  /** The requests made to one path (e.g. `/candles`). */
  requestsTo(path: string): URL[] {
    return this.requests.filter(
      (url) => url.pathname.endsWith(path) || url.pathname.includes(`${path}/`),
    );
  }
}

/** An RFC 9457 problem response. */
export function problem(status: number, code: string, detail: string): Response {
  return new Response(JSON.stringify({ type: 'about:blank', status, code, detail }), {
    status,
    headers: { 'content-type': 'application/problem+json' },
  });
}
