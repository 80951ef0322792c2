import { type FirstChart } from './FirstChart';

let waiting: FirstChart | undefined;

/**
 * Leaves the first chart for the Alerts screen. Module state on purpose: the first chart is drawn
 * by the remote's `./firstChart` module and adopted by its `./AlertsRoute`, two exposed modules of
 * one container that share its modules, and there is one first chart per page load.
 */
export function offerFirstChart(chart: FirstChart): void {
  waiting?.discard();
  waiting = chart;
}

/** Takes the first chart, once; `undefined` when there is none (or it was taken). */
export function adoptFirstChart(): FirstChart | undefined {
  const chart = waiting;
  waiting = undefined;
  return chart;
}
