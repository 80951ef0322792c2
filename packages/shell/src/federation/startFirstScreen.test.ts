import { describe, expect, it, jest } from '@jest/globals';
import { startFirstScreen, type FirstScreenRuntime } from './startFirstScreen';

const CONFIG = {
  apiUrl: 'http://127.0.0.1:5080',
  remotes: {
    alerts: 'http://127.0.0.1:8081/mf-manifest.json',
    positions: 'http://127.0.0.1:8082/mf-manifest.json',
  },
};

const STATUS = { marketData: { source: 'simulator' } };

/** A fetch answer whose body can be read once, as a real one (jsdom has no `Response`). */
function answer(body: unknown, status = 200): Response {
  let read = false;
  return {
    ok: status >= 200 && status < 300,
    status,
    json: () => {
      if (read) return Promise.reject(new TypeError('Body has already been consumed.'));
      read = true;
      return Promise.resolve(body);
    },
    clone: () => answer(body, status),
  } as unknown as Response;
}

/** `startFirstScreen` of a page of its own: it keeps what it started for the page. */
function startOnNewPage(): typeof startFirstScreen {
  let start: typeof startFirstScreen | undefined;
  jest.isolateModules(() => {
    ({ startFirstScreen: start } = jest.requireActual<{
      startFirstScreen: typeof startFirstScreen;
    }>('./startFirstScreen'));
  });
  return start!;
}

describe('startFirstScreen', () => {
  it("registers the remotes, preloads the first chart's code and starts its requests, once per page", async () => {
    const runtime = {
      registerRemotes: jest.fn<FirstScreenRuntime['registerRemotes']>(),
      preloadRemote: jest.fn<FirstScreenRuntime['preloadRemote']>(() =>
        Promise.reject(new Error('manifest unreachable')),
      ),
      fetch: jest.fn<FirstScreenRuntime['fetch']>((url) =>
        url.includes('/symbols/')
          ? Promise.reject(new TypeError('Failed to fetch'))
          : Promise.resolve(answer(url.endsWith('/status') ? STATUS : [])),
      ),
    };
    const place = { pathname: '/alerts', search: '?symbol=ETHUSDT', storedAlerts: null };
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);

    const started = startFirstScreen(CONFIG, place, runtime);

    expect(runtime.registerRemotes).toHaveBeenCalledTimes(1);
    // The React-free first chart, not the screen: the screen loads once React has.
    expect(runtime.preloadRemote).toHaveBeenCalledWith([
      { nameOrAlias: 'alerts_mfe', exposes: ['./firstChart'], resourceCategory: 'sync' },
    ]);
    expect([...started.requests.keys()]).toEqual([
      'http://127.0.0.1:5080/candles?symbol=ETHUSDT&interval=OneMinute&limit=500',
      'http://127.0.0.1:5080/symbols/ETHUSDT',
    ]);
    expect(runtime.fetch).toHaveBeenCalledWith(expect.stringContaining('/candles?'), {
      headers: { accept: 'application/json' },
    });
    // The code first: it arrives after the data, so it is what the first chart waits for.
    expect(runtime.preloadRemote.mock.invocationCallOrder[0]).toBeLessThan(
      runtime.fetch.mock.invocationCallOrder[0]!,
    );
    expect(started.chart).toMatchObject({ symbol: 'ETHUSDT', interval: 'OneMinute' });
    // The chart gets the bodies, read from copies at once: market-data can still read the
    // originals' bodies.
    await expect(started.chart!.candles).resolves.toEqual([]);
    await expect(started.chart!.symbolInfo).rejects.toThrow('Failed to fetch');
    const original = await started.requests.get(
      'http://127.0.0.1:5080/candles?symbol=ETHUSDT&interval=OneMinute&limit=500',
    )!;
    expect(await original.json()).toEqual([]);
    await expect(started.marketSource).resolves.toBe('simulator');
    // The second call (bootstrap's) gets the same requests and starts nothing new.
    expect(startFirstScreen(CONFIG, place, runtime)).toBe(started);
    expect(runtime.fetch).toHaveBeenCalledTimes(3);
    expect(runtime.registerRemotes).toHaveBeenCalledTimes(1);
    // Failures of the head start are left to the screen: none is reported as unhandled.
    await new Promise((resolve) => setTimeout(resolve, 10));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });

  it("preloads the Alerts screen's code (New Alert and Your alerts with it) once the first chart's is in", async () => {
    const start = startOnNewPage();
    let firstCodeIn: () => void = () => undefined;
    const runtime = {
      registerRemotes: jest.fn<FirstScreenRuntime['registerRemotes']>(),
      preloadRemote: jest.fn<FirstScreenRuntime['preloadRemote']>(
        () => new Promise((resolve) => (firstCodeIn = () => resolve(undefined))),
      ),
      fetch: jest.fn<FirstScreenRuntime['fetch']>(() => Promise.resolve(answer({}))),
    };
    start(CONFIG, { pathname: '/alerts', search: '', storedAlerts: null }, runtime);
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Not ahead of the first chart's code.
    expect(runtime.preloadRemote).toHaveBeenCalledTimes(1);
    firstCodeIn();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(runtime.preloadRemote).toHaveBeenLastCalledWith([
      { nameOrAlias: 'alerts_mfe', exposes: ['./AlertsRoute'], resourceCategory: 'sync' },
    ]);
    expect(runtime.preloadRemote).toHaveBeenCalledTimes(2);
  });

  it("rejects the chart's body with the HTTP status when the api refuses, leaving the original unread", async () => {
    const start = startOnNewPage();
    const runtime = {
      registerRemotes: jest.fn<FirstScreenRuntime['registerRemotes']>(),
      preloadRemote: jest.fn<FirstScreenRuntime['preloadRemote']>(() => Promise.resolve()),
      fetch: jest.fn<FirstScreenRuntime['fetch']>((url) =>
        Promise.resolve(url.includes('/candles?') ? answer({ title: 'down' }, 503) : answer({})),
      ),
    };
    const started = start(CONFIG, { pathname: '/alerts', search: '', storedAlerts: null }, runtime);
    await expect(started.chart!.candles).rejects.toThrow('GET candles answered HTTP 503.');
    await expect(started.chart!.symbolInfo).resolves.toEqual({});
    const original = await started.requests.get(
      'http://127.0.0.1:5080/candles?symbol=BTCUSDT&interval=OneMinute&limit=500',
    )!;
    expect(await original.json()).toEqual({ title: 'down' });
  });

  it('on Positions preloads the screen, starts no chart and leaves an unreadable status unknown', async () => {
    const start = startOnNewPage();
    const runtime = {
      registerRemotes: jest.fn<FirstScreenRuntime['registerRemotes']>(),
      preloadRemote: jest.fn<FirstScreenRuntime['preloadRemote']>(() => Promise.resolve()),
      fetch: jest.fn<FirstScreenRuntime['fetch']>(() => Promise.resolve(answer({}, 500))),
    };
    const started = start(
      CONFIG,
      { pathname: '/positions', search: '', storedAlerts: null },
      runtime,
    );
    expect(runtime.preloadRemote).toHaveBeenCalledWith([
      { nameOrAlias: 'positions_mfe', exposes: ['./PositionsRoute'], resourceCategory: 'sync' },
    ]);
    expect(started.chart).toBeUndefined();
    expect(started.requests.size).toBe(0);
    await expect(started.marketSource).resolves.toBeUndefined();
    expect(runtime.fetch).toHaveBeenCalledWith('http://127.0.0.1:5080/status', expect.anything());
  });
});
