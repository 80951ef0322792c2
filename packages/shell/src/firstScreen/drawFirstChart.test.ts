import { describe, expect, it, jest } from '@jest/globals';
import { type FirstChartStart } from '../federation/startFirstScreen';
import { drawFirstChart, FIRST_CHART_MODULE } from './drawFirstChart';
import { FirstScreenFrame } from './FirstScreenFrame';

const CHART: FirstChartStart = {
  symbol: 'ETHUSDT',
  interval: 'FiveMinutes',
  candles: Promise.resolve([]),
  symbolInfo: Promise.resolve({}),
};

function pageWithSlot(): FirstScreenFrame {
  document.body.innerHTML =
    '<div id="root"></div><div id="first-screen"><div id="first-screen-slot"></div></div>';
  return new FirstScreenFrame();
}

describe('drawFirstChart', () => {
  it("starts the remote's first chart in the slot at once, with the candles held until the market source is shown, and releases the frame when told", async () => {
    const frame = pageWithSlot();
    let labelled = false;
    let release: (() => void) | undefined;
    let candles: Promise<unknown> | undefined;
    const start = jest.fn(
      (options: { slot: HTMLElement; candles: Promise<unknown>; onRemoved: () => void }) => {
        expect(labelled).toBe(false); // the screen and the kept candles need no label from /status
        release = options.onRemoved;
        candles = options.candles;
        return Promise.resolve();
      },
    );
    const load = jest.fn((id: string) =>
      Promise.resolve(id === FIRST_CHART_MODULE ? { default: start } : null),
    );
    const shown = new Promise<void>((resolve) =>
      setTimeout(() => {
        labelled = true;
        resolve();
      }, 5),
    );
    const bars = [{ time: 60 }];

    await drawFirstChart({ ...CHART, candles: Promise.resolve(bars) }, frame, shown, 1_000, load);

    expect(load).toHaveBeenCalledWith('alerts_mfe/firstChart');
    expect(start).toHaveBeenCalledWith(
      expect.objectContaining({
        slot: document.getElementById('first-screen-slot'),
        symbol: 'ETHUSDT',
        interval: 'FiveMinutes',
        symbolInfo: CHART.symbolInfo,
        previewSince: 1_000,
      }),
    );
    // The api's candles come only once the frame says whether they are simulated.
    await expect(candles).resolves.toBe(bars);
    expect(labelled).toBe(true);
    release!();
    expect(document.getElementById('first-screen')).toBeNull();
  });

  it('passes no preview without a kept source, and the candles failure through once labelled', async () => {
    const frame = pageWithSlot();
    const start = jest.fn((options: { candles: Promise<unknown> }) => {
      options.candles.catch(() => undefined);
      return options.candles.then(() => undefined);
    });
    const offline = new TypeError('Failed to fetch');
    const failing = Promise.reject(offline);
    failing.catch(() => undefined);
    await expect(
      drawFirstChart({ ...CHART, candles: failing }, frame, Promise.resolve(), undefined, () =>
        Promise.resolve({ default: start }),
      ),
    ).rejects.toBe(offline);
    expect(start.mock.calls[0]![0]).not.toHaveProperty('previewSince');
  });

  it('rejects when the remote module has no function to call, or the remote fails', async () => {
    const frame = pageWithSlot();
    await expect(
      drawFirstChart(CHART, frame, Promise.resolve(), undefined, () =>
        Promise.resolve({ default: 'x' }),
      ),
    ).rejects.toThrow('Remote module "alerts_mfe/firstChart" exports no function.');
    await expect(
      drawFirstChart(CHART, frame, Promise.resolve(), undefined, () =>
        Promise.reject(new Error('remote down')),
      ),
    ).rejects.toThrow('remote down');
    frame.release();
    await expect(
      drawFirstChart(CHART, frame, Promise.resolve(), undefined, () => Promise.resolve({})),
    ).rejects.toThrow('The page has no first-screen slot.');
  });
});
