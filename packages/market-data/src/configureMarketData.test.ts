import { describe, expect, it, jest } from '@jest/globals';
import type * as ConfigureMarketData from './configureMarketData';

type Module = typeof ConfigureMarketData;

function freshModule(): Module {
  let loaded: Module | undefined;
  jest.isolateModules(() => {
    loaded = jest.requireActual<Module>('./configureMarketData');
  });
  return loaded!;
}

describe('configureMarketData and getMarketData', () => {
  it('refuse to hand out a client before one is configured', () => {
    const { getMarketData } = freshModule();
    expect(() => getMarketData()).toThrow(
      'Market data is not configured: call configureMarketData({ apiUrl }) first',
    );
  });

  it('share one client, and configuring again with the same apiUrl returns it', () => {
    const { configureMarketData, getMarketData } = freshModule();
    const client = configureMarketData({ apiUrl: 'http://127.0.0.1:5080' });
    expect(getMarketData()).toBe(client);
    expect(configureMarketData({ apiUrl: 'http://127.0.0.1:5080/' })).toBe(client);
  });

  it('refuse to reconfigure for another apiUrl and keep the first client', () => {
    const { configureMarketData, getMarketData } = freshModule();
    const client = configureMarketData({ apiUrl: 'http://127.0.0.1:5080' });
    expect(() => configureMarketData({ apiUrl: 'http://127.0.0.1:6080' })).toThrow(
      'Market data is already configured for http://127.0.0.1:5080; cannot reconfigure it for http://127.0.0.1:6080',
    );
    expect(getMarketData()).toBe(client);
  });
});
