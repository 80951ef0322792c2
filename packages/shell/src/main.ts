import { requestAppConfig } from './config/requestAppConfig';
import { REMOTE_SCREENS } from './federation/remoteScreens';
import { startFirstScreen } from './federation/startFirstScreen';
import { drawFirstChart } from './firstScreen/drawFirstChart';
import { FIRST_SCREEN_FRAME } from './firstScreen/FirstScreenFrame';
import { settleWithin } from './firstScreen/settleWithin';
import { screenForPath } from './routing/screenForPath';
import { KEPT_MARKET_SOURCE } from './status/KeptMarketSource';

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
  // The source the page last saw, labelled at once: the chart may draw the candles it kept before
  // the api answers, and without a network the kept candles keep their label.
  const kept = KEPT_MARKET_SOURCE.read();
  if (kept) FIRST_SCREEN_FRAME.showMarketSource(kept.source);
  const labelled = started.marketSource.then((source) => {
    if (source) KEPT_MARKET_SOURCE.keep(source);
    FIRST_SCREEN_FRAME.showMarketSource(source ?? kept?.source);
  });
  if (!started.chart) return undefined;
  const drawn = drawFirstChart(started.chart, FIRST_SCREEN_FRAME, labelled, kept?.since);
  // The screen that adopts the chart (New Alert and Your alerts with it) is downloaded once the
  // chart has settled, while React loads: asked before, the runtime's work for it delayed the
  // first candles (startFirstScreen). After the frame that shows them: the runtime's checks
  // would otherwise run before that frame is painted.
  const preload = () => afterFrame(started.preloadScreen);
  drawn.then(preload, preload);
  return drawn;
});

/**
 * Runs `work` in a task of its own once the current frame is rendered: the first candles are set
 * in an animation frame callback, and work started in its microtasks would delay that frame.
 */
function afterFrame(work: () => void): void {
  setTimeout(work, 0);
}

// The async boundary: shared modules (React, MUI, …) are negotiated before bootstrap runs. Not
// before the first chart is drawn: evaluating them takes longer than drawing it (pnpm bench:web).
void settleWithin(firstChart, FIRST_CHART_WAIT_MS).then(() =>
  afterFrame(() => void import('./bootstrap')),
);
