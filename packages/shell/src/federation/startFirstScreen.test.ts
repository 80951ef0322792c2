import { describe, expect, it, jest } from '@jest/globals';
import { startFirstScreen, type FirstScreenRuntime } from './startFirstScreen';

const CONFIG = {
  apiUrl: 'http://127.0.0.1:5080',
  remotes: {
    alerts: 'http://127.0.0.1:8081/mf-manifest.json',
    positions: 'http://127.0.0.1:8082/mf-manifest.json',
  },
};

describe('startFirstScreen', () => {
  it("registers the remotes, preloads the first screen's remote and starts its requests, once per page", async () => {
    const runtime = {
      registerRemotes: jest.fn<FirstScreenRuntime['registerRemotes']>(),
      preloadRemote: jest.fn<FirstScreenRuntime['preloadRemote']>(() =>
        Promise.reject(new Error('manifest unreachable')),
      ),
      fetch: jest.fn<FirstScreenRuntime['fetch']>((url) =>
        url.includes('/symbols/')
          ? Promise.reject(new TypeError('Failed to fetch'))
          : Promise.resolve({ ok: true } as Response),
      ),
    };
    const place = { pathname: '/alerts', search: '?symbol=ETHUSDT', storedAlerts: null };
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);

    const started = startFirstScreen(CONFIG, place, runtime);

    expect(runtime.registerRemotes).toHaveBeenCalledTimes(1);
    expect(runtime.preloadRemote).toHaveBeenCalledWith([
      { nameOrAlias: 'alerts_mfe', exposes: ['./AlertsRoute'], resourceCategory: 'sync' },
    ]);
    expect([...started.keys()]).toEqual([
      'http://127.0.0.1:5080/candles?symbol=ETHUSDT&interval=OneMinute&limit=500',
      'http://127.0.0.1:5080/symbols/ETHUSDT',
    ]);
    expect(runtime.fetch).toHaveBeenCalledWith(expect.any(String), {
      headers: { accept: 'application/json' },
    });
    // The second call (bootstrap's) gets the same requests and starts nothing new.
    expect(startFirstScreen(CONFIG, place, runtime)).toBe(started);
    expect(runtime.fetch).toHaveBeenCalledTimes(2);
    expect(runtime.registerRemotes).toHaveBeenCalledTimes(1);
    // Failures of the head start are left to the screen: none is reported as unhandled.
    await new Promise((resolve) => setTimeout(resolve, 10));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});
