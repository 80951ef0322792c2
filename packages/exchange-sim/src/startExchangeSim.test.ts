import { describe, expect, it } from '@jest/globals';
import { startExchangeSim } from './startExchangeSim';

describe('startExchangeSim', () => {
  it('listens on a free loopback port and reports REST and WebSocket bases', async () => {
    const sim = await startExchangeSim();
    try {
      expect(sim.port).toBeGreaterThan(0);
      expect(sim.url).toBe(`http://127.0.0.1:${sim.port}`);
      expect(sim.wsUrl).toBe(`ws://127.0.0.1:${sim.port}`);
      expect(await (await fetch(`${sim.url}/api/v3/ping`)).json()).toEqual({});
    } finally {
      await sim.close();
    }
  });

  it('refuses bad options with the option named', async () => {
    await expect(startExchangeSim({ tickMs: 0 })).rejects.toThrow(
      /'tickMs' must be a positive integer/,
    );
    await expect(startExchangeSim({ port: 70_000 })).rejects.toThrow(/'port' must be 0…65535/);
  });

  it('uses the real clock by default: the forming kline contains now', async () => {
    const sim = await startExchangeSim();
    try {
      const before = Date.now();
      const rows = (await (
        await fetch(`${sim.url}/api/v3/klines?symbol=BTCUSDT&interval=1m&limit=1`)
      ).json()) as number[][];
      const open = rows[0]![0]!;
      expect(open).toBeLessThanOrEqual(Date.now());
      expect(open).toBeGreaterThan(before - 60_000);
    } finally {
      await sim.close();
    }
  });
});
