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
  readonly previewSince?: number;
  readonly onRemoved: () => void;
}) => Promise<void>;

/**
 * Has the Alerts remote draw the first chart into the page's static frame, before React, MUI and
 * the rest of the shell are evaluated (docs/architecture.md §7, "The first chart"): the
 * difference between a chart in about the time of a bare chart page and one after the whole app
 * has rendered (`pnpm bench:web`).
 *
 * The api's candles reach the chart only once the frame shows whether prices are simulated
 * (`labelled`). Candles the chart kept from an earlier visit may be drawn before, when the frame
 * shows the source kept with them (`previewSince`: since when the frame's kept source has held).
 *
 * @returns settles when the first candles are drawn; rejects when the chart cannot be drawn
 * (the remote unreachable, its module missing, the candles failing): the React screen then loads
 * and reports it as it always does.
 */
export async function drawFirstChart(
  chart: FirstChartStart,
  frame: FirstScreenFrame,
  /** Settles once the frame shows the api's current market source (or that it is unknown). */
  labelled: Promise<void>,
  /** Since when the frame has shown the kept source, shown before `labelled`; else undefined. */
  previewSince: number | undefined,
  load: (id: string) => Promise<unknown> = (id) => loadRemote(id),
): Promise<void> {
  const slot = frame.slot();
  if (!slot) throw new Error('The page has no first-screen slot.');
  const candles = labelled.then(() => chart.candles);
  candles.catch(() => undefined); // the chart reports it; nobody else waits on it
  const module = (await load(FIRST_CHART_MODULE)) as { default?: unknown } | null | undefined;
  const start = module?.default;
  if (typeof start !== 'function') {
    throw new Error(`Remote module "${FIRST_CHART_MODULE}" exports no function.`);
  }
  await (start as StartFirstChart)({
    slot,
    symbol: chart.symbol,
    interval: chart.interval,
    candles,
    symbolInfo: chart.symbolInfo,
    ...(previewSince === undefined ? {} : { previewSince }),
    onRemoved: () => frame.release(),
  });
}
