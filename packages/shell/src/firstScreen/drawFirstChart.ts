import { loadRemote } from '@module-federation/enhanced/runtime';
import { type FirstChartStart } from '../federation/startFirstScreen';
import { FIRST_CHART_EXPOSE, REMOTE_SCREENS } from '../federation/remoteScreens';
import { type FirstScreenFrame } from './FirstScreenFrame';

/** The module id of the Alerts remote's React-free first chart. */
export const FIRST_CHART_MODULE = `${REMOTE_SCREENS.alerts.containerName}/${FIRST_CHART_EXPOSE.slice(2)}`;

/** What `alerts_mfe/firstChart` default-exports (the remote checks its arguments again). */
type StartFirstChart = (options: {
  readonly slot: HTMLElement;
  readonly symbol: string;
  readonly interval: string;
  readonly candles: Promise<unknown>;
  readonly symbolInfo: Promise<unknown>;
  readonly onRemoved: () => void;
}) => Promise<void>;

/**
 * Has the Alerts remote draw the first chart into the page's static frame, before React, MUI and
 * the rest of the shell are evaluated (docs/architecture.md §7, "The first chart"): the
 * difference between a chart in about the time of a bare chart page and one after the whole app
 * has rendered (`pnpm bench:web`).
 *
 * @returns settles when the first candles are drawn; rejects when the chart cannot be drawn
 * (the remote unreachable, its module missing, the candles failing): the React screen then loads
 * and reports it as it always does.
 */
export async function drawFirstChart(
  chart: FirstChartStart,
  frame: FirstScreenFrame,
  /** Settles once the frame shows whether prices are simulated: no candle is drawn before. */
  labelled: Promise<void>,
  load: (id: string) => Promise<unknown> = (id) => loadRemote(id),
): Promise<void> {
  const slot = frame.slot();
  if (!slot) throw new Error('The page has no first-screen slot.');
  const [module] = (await Promise.all([load(FIRST_CHART_MODULE), labelled])) as [
    { default?: unknown } | null | undefined,
    void,
  ];
  const start = module?.default;
  if (typeof start !== 'function') {
    throw new Error(`Remote module "${FIRST_CHART_MODULE}" exports no function.`);
  }
  await (start as StartFirstChart)({
    slot,
    symbol: chart.symbol,
    interval: chart.interval,
    candles: chart.candles,
    symbolInfo: chart.symbolInfo,
    onRemoved: () => frame.release(),
  });
}
