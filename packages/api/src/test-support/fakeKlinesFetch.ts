/** A price that differs per candle, so tests can tell candles apart. */
export function closeAt(openTimeMs: number): number {
  return 100 + ((openTimeMs / 60_000) % 1000);
}

/** Controls of {@link fakeKlinesFetch}. */
export interface FakeKlines {
  readonly fetch: typeof fetch;
  /** URLs requested, in order. */
  readonly calls: string[];
  /** The status the next requests get (200 = normal). */
  status: number;
  /** Milliseconds each answer takes (real time). */
  delayMs: number;
}

/**
 * A `fetch` serving Binance-shaped 1-minute klines for one minute-aligned market whose history
 * starts at `historyStartMs` and whose present is `Date.now()` (fake timers move it).
 */
export function fakeKlinesFetch(historyStartMs: number): FakeKlines {
  const state: FakeKlines = {
    calls: [],
    status: 200,
    delayMs: 0,
    fetch: (async (input: string | URL | Request) => {
      const url = new URL(String(input));
      state.calls.push(url.pathname + url.search);
      if (state.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
      if (state.status !== 200)
        return new Response('{"code":-1000,"msg":"fault"}', { status: state.status });
      if (url.pathname === '/api/v3/ping') return new Response('{}');
      const limit = Number(url.searchParams.get('limit') ?? 500);
      const minute = 60_000;
      const last = Math.floor(Date.now() / minute) * minute;
      const start = url.searchParams.get('startTime');
      const end = url.searchParams.get('endTime');
      const rows: unknown[] = [];
      if (start !== null) {
        for (
          let t = Math.max(historyStartMs, Math.ceil(Number(start) / minute) * minute);
          t <= last && rows.length < limit;
          t += minute
        ) {
          rows.push(row(t));
        }
      } else {
        const top = Math.min(last, end === null ? last : Math.floor(Number(end) / minute) * minute);
        for (let t = top; t >= historyStartMs && rows.length < limit; t -= minute)
          rows.unshift(row(t));
      }
      return new Response(JSON.stringify(rows));
    }) as typeof fetch,
  };
  return state;
}

function row(openTimeMs: number): unknown[] {
  const price = String(closeAt(openTimeMs));
  return [openTimeMs, price, price, price, price, '1', openTimeMs + 59_999, '1', 1, '1', '1', '0'];
}
