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
  it("registers the remotes and starts the first chart's requests, once per page, preloading no code", async () => {
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
    // The first chart's load (drawFirstChart, in the same turn) preloads its code; the screen's
    // waits for the chart (preloadScreen).
    expect(runtime.preloadRemote).not.toHaveBeenCalled();
    expect([...started.requests.keys()]).toEqual([
      'http://127.0.0.1:5080/candles?symbol=ETHUSDT&interval=OneMinute&limit=500',
      'http://127.0.0.1:5080/symbols/ETHUSDT',
    ]);
    expect(runtime.fetch).toHaveBeenCalledWith(expect.stringContaining('/candles?'), {
      headers: { accept: 'application/json' },
    });
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

  it("preloads the Alerts screen's code (New Alert and Your alerts with it) when asked, once the first chart has settled", async () => {
    const start = startOnNewPage();
    const runtime = {
      registerRemotes: jest.fn<FirstScreenRuntime['registerRemotes']>(),
      preloadRemote: jest.fn<FirstScreenRuntime['preloadRemote']>(() =>
        Promise.reject(new Error('manifest unreachable')),
      ),
      fetch: jest.fn<FirstScreenRuntime['fetch']>(() => Promise.resolve(answer({}))),
    };
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    const started = start(CONFIG, { pathname: '/alerts', search: '', storedAlerts: null }, runtime);
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Not ahead of the first candles: its preload is main-thread work of the runtime's.
    expect(runtime.preloadRemote).not.toHaveBeenCalled();
    started.preloadScreen();
    started.preloadScreen();
    expect(runtime.preloadRemote).toHaveBeenCalledTimes(1);
    expect(runtime.preloadRemote).toHaveBeenLastCalledWith([
      { nameOrAlias: 'alerts_mfe', exposes: ['./AlertsRoute'], resourceCategory: 'sync' },
    ]);
    // A failure is the screen's own load's to report.
    await new Promise((resolve) => setTimeout(resolve, 10));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
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
