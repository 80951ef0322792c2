import { describe, expect, it, jest } from '@jest/globals';
import { fetchMarketSource } from './fetchMarketSource';

function answering(status: number, body: unknown) {
  return jest.fn<typeof fetch>(
    async () => ({ ok: status < 300, status, json: async () => body }) as Response,
  );
}

describe('fetchMarketSource', () => {
  it('reads marketData.source from GET {api}/status', async () => {
    const fetchFn = answering(200, {
      marketData: { source: 'simulator', connected: true },
      database: 'sqlite',
    });
    await expect(fetchMarketSource('http://127.0.0.1:5080', fetchFn)).resolves.toBe('simulator');
    expect(fetchFn.mock.calls[0]?.[0]).toBe('http://127.0.0.1:5080/status');
  });

  it('recognises the real market', async () => {
    await expect(
      fetchMarketSource('http://api', answering(200, { marketData: { source: 'binance' } })),
    ).resolves.toBe('binance');
  });

  it('rejects an error status with the status in the message', async () => {
    await expect(fetchMarketSource('http://api', answering(500, {}))).rejects.toThrow(
      'answered HTTP 500',
    );
  });

  it('still reads the source from a 503 (a failing health check): simulated prices stay labelled', async () => {
    const degraded = answering(503, { marketData: { source: 'simulator' }, ok: false });
    await expect(fetchMarketSource('http://api', degraded)).resolves.toBe('simulator');
  });

  it('rejects an unknown source naming the value', async () => {
    await expect(
      fetchMarketSource('http://api', answering(200, { marketData: { source: 'kraken' } })),
    ).rejects.toThrow('unknown marketData.source "kraken"');
  });
});
