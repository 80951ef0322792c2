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
  it("starts the remote's first chart in the slot once the market source is shown, and releases the frame when told", async () => {
    const frame = pageWithSlot();
    let labelled = false;
    let release: (() => void) | undefined;
    const start = jest.fn((options: { slot: HTMLElement; onRemoved: () => void }) => {
      expect(labelled).toBe(true);
      release = options.onRemoved;
      return Promise.resolve();
    });
    const load = jest.fn((id: string) =>
      Promise.resolve(id === FIRST_CHART_MODULE ? { default: start } : null),
    );
    const shown = new Promise<void>((resolve) =>
      setTimeout(() => {
        labelled = true;
        resolve();
      }, 5),
    );

    await drawFirstChart(CHART, frame, shown, load);

    expect(load).toHaveBeenCalledWith('alerts_mfe/firstChart');
    expect(start).toHaveBeenCalledWith(
      expect.objectContaining({
        slot: document.getElementById('first-screen-slot'),
        symbol: 'ETHUSDT',
        interval: 'FiveMinutes',
        candles: CHART.candles,
        symbolInfo: CHART.symbolInfo,
      }),
    );
    release!();
    expect(document.getElementById('first-screen')).toBeNull();
  });

  it('rejects when the remote module has no function to call, or the remote fails', async () => {
    const frame = pageWithSlot();
    await expect(
      drawFirstChart(CHART, frame, Promise.resolve(), () => Promise.resolve({ default: 'x' })),
    ).rejects.toThrow('Remote module "alerts_mfe/firstChart" exports no function.');
    await expect(
      drawFirstChart(CHART, frame, Promise.resolve(), () =>
        Promise.reject(new Error('remote down')),
      ),
    ).rejects.toThrow('remote down');
    frame.release();
    await expect(
      drawFirstChart(CHART, frame, Promise.resolve(), () => Promise.resolve({})),
    ).rejects.toThrow('The page has no first-screen slot.');
  });
});
