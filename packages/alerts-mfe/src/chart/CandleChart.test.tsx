import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { DEFAULT_SYMBOL_CATALOGUE } from '@pairwatch/domain';
import startFirstChart from '../exposed/firstChart';
import { adoptFirstChart } from '../firstScreen/firstChartSlot';
import { candle, minuteCandles } from '../test-support/candles';
import { FakeMarketData } from '../test-support/FakeMarketData';
import { mockCharts, resetMockCharts } from '../test-support/lightweightChartsMock';
import { renderWithProviders } from '../test-support/renderWithProviders';
import { CandleChart } from './CandleChart';

const BARS = minuteCandles(6000, 30);

/** An api answer's JSON body, as the shell hands it over. */
const answer = (body: unknown): Promise<unknown> => Promise.resolve(body);

/** Has the first chart draw BTCUSDT 1m into a slot, as the shell does before React. */
async function drawFirstChart(onRemoved: () => void = () => undefined): Promise<void> {
  const slot = document.createElement('div');
  document.body.append(slot);
  await startFirstChart({
    slot,
    symbol: 'BTCUSDT',
    interval: 'OneMinute',
    candles: answer(BARS),
    symbolInfo: answer({ BTCUSDT: DEFAULT_SYMBOL_CATALOGUE.BTCUSDT }),
    onRemoved,
  });
}

function chartFor(market: FakeMarketData) {
  return (
    <CandleChart
      market={market}
      symbol="BTCUSDT"
      interval="OneMinute"
      symbolInfo={DEFAULT_SYMBOL_CATALOGUE.BTCUSDT}
      symbolInfoStatus="loaded"
      alerts={[]}
      onAddAlert={() => undefined}
    />
  );
}

describe('CandleChart', () => {
  afterEach(() => {
    adoptFirstChart()?.discard();
    resetMockCharts();
    document.body.innerHTML = '';
  });

  it('adopts the first chart drawn before React instead of creating one, and streams from the app', async () => {
    const onRemoved = jest.fn();
    await drawFirstChart(onRemoved);
    const first = mockCharts[0]!;
    const market = new FakeMarketData();

    renderWithProviders(chartFor(market));

    const box = screen.getByTestId('candle-chart');
    expect(first.container.parentElement).toBe(box);
    expect(mockCharts).toHaveLength(1);
    expect(onRemoved).toHaveBeenCalledTimes(1);
    // The same view: the first page is not asked again; the gap since it is, with the stream.
    await waitFor(() => expect(market.candleRequests).toHaveLength(1));
    market.candles = [BARS.at(-1)!];
    market.emitCandle('BTCUSDT', 'OneMinute', candle(BARS.at(-1)!.time + 60, 200));
    await waitFor(() => expect(first.series[0]!.bars.at(-1)?.close).toBe(200));
  });

  it('leaves nothing of the adopted chart in its box when it makes a new chart there', async () => {
    await drawFirstChart();
    const market = new FakeMarketData();
    market.candles = BARS;
    const { rerender } = renderWithProviders(chartFor(market));
    const adopted = mockCharts[0]!;
    const box = screen.getByTestId('candle-chart');
    expect(box.contains(adopted.container)).toBe(true);
    // Another market client: the same box, a new chart (as a StrictMode remount in development).
    const next = new FakeMarketData();
    next.candles = BARS;
    rerender(chartFor(next));
    expect(adopted.removed).toBe(true);
    expect(box.contains(adopted.container)).toBe(false);
    expect(mockCharts[1]!.container).toBe(box);
  });

  it('creates its own chart when no first chart waits', () => {
    const market = new FakeMarketData();
    market.candles = BARS;
    renderWithProviders(chartFor(market));
    expect(mockCharts).toHaveLength(1);
    expect(mockCharts[0]!.container).toBe(screen.getByTestId('candle-chart'));
  });
});
