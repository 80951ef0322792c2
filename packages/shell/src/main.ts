import { requestAppConfig } from './config/requestAppConfig';
import { REMOTE_SCREENS } from './federation/remoteScreens';
import { startFirstScreen } from './federation/startFirstScreen';
import { drawFirstChart } from './firstScreen/drawFirstChart';
import { FIRST_SCREEN_FRAME } from './firstScreen/FirstScreenFrame';
import { settleWithin } from './firstScreen/settleWithin';
import { screenForPath } from './routing/screenForPath';

/**
 * How long React waits for the first chart at most: a remote that is slow to answer must not
 * hold the whole app back (a remote that is down fails at once).
 */
const FIRST_CHART_WAIT_MS = 1500;

FIRST_SCREEN_FRAME.showScreenTitle(REMOTE_SCREENS[screenForPath(window.location.pathname)].title);

// Where the api and the remotes are, asked for at once (index.html preloads it); then the first
// screen's remote and data start loading, and on /alerts the remote draws the first chart into
// the page's static frame. A failure is shown by bootstrap (StartupError), which awaits the same
// promise.
const firstChart = requestAppConfig().then((config) => {
  const started = startFirstScreen(config);
  const labelled = started.marketSource.then((source) => {
    FIRST_SCREEN_FRAME.showMarketSource(source);
  });
  if (!started.chart) return undefined;
  const drawn = drawFirstChart(started.chart, FIRST_SCREEN_FRAME, labelled);
  // The screen that adopts the chart (New Alert and Your alerts with it) is downloaded once the
  // chart has settled, while React loads: asked before, the runtime's work for it delayed the
  // first candles (startFirstScreen).
  drawn.then(started.preloadScreen, started.preloadScreen);
  return drawn;
});

// The async boundary: shared modules (React, MUI, …) are negotiated before bootstrap runs. Not
// before the first chart is drawn: evaluating them takes longer than drawing it (pnpm bench:web).
void settleWithin(firstChart, FIRST_CHART_WAIT_MS).then(() => import('./bootstrap'));
