import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureMarketData } from '@pairwatch/market-data';
import { requestAppConfig } from './config/requestAppConfig';
import { loadRemoteComponent } from './federation/loadRemoteComponent';
import { REMOTE_SCREENS } from './federation/remoteScreens';
import { startFirstScreen } from './federation/startFirstScreen';
import { FIRST_SCREEN_FRAME } from './firstScreen/FirstScreenFrame';
import { settleWithin } from './firstScreen/settleWithin';
import { screenForPath } from './routing/screenForPath';
import { KEPT_MARKET_SOURCE } from './status/KeptMarketSource';
import { registerServiceWorker } from './serviceWorker/registerServiceWorker';
import { ShellApp } from './ShellApp';
import { StartupError } from './StartupError';

/**
 * How long the frame waits for the market source it asked for at start (it has normally come long
 * before): the frame then has its "Simulated market" chip from its first render, as the first
 * screen had, so nothing moves when it is removed.
 */
const MARKET_SOURCE_WAIT_MS = 1000;

/** How long the first render waits for the first screen's code: a slow remote gets its fallback. */
const FIRST_SCREEN_CODE_WAIT_MS = 3000;

/** Resolves once the page has loaded (at once when it has). */
function afterLoad(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element.');
  const root = createRoot(container);
  try {
    const config = await requestAppConfig();
    // Once, before any remote loads: market-data is a shared singleton, so both remotes use it.
    // startFirstScreen ran in main.ts (it returns what it started then): the first screen's
    // requests are already under way, and the market source is known (it was asked first).
    const started = startFirstScreen(config);
    configureMarketData({ apiUrl: config.apiUrl, prefetched: started.requests });
    const marketSource = await settleWithin(started.marketSource, MARKET_SOURCE_WAIT_MS);
    // After the page's load: the worker's install stores the app's files, which must not compete
    // with the first screen for the network and the CPU.
    const serviceWorker = afterLoad().then(() => registerServiceWorker());
    const loaders = {
      alerts: loadRemoteComponent(REMOTE_SCREENS.alerts),
      positions: loadRemoteComponent(REMOTE_SCREENS.positions),
    };
    // The first screen's component before the first render (its code is downloaded already,
    // startFirstScreen): rendered at once, not after a Suspense fallback and React's 300 ms
    // before it shows what replaces one. The static first screen is shown meanwhile. A failure
    // is the screen's to report: it loads again and shows its fallback.
    await settleWithin(
      loaders[screenForPath(window.location.pathname)](),
      FIRST_SCREEN_CODE_WAIT_MS,
    );
    root.render(
      <StrictMode>
        <ShellApp
          apiUrl={config.apiUrl}
          loaders={loaders}
          initialMarketSource={marketSource}
          keptMarketSource={KEPT_MARKET_SOURCE.read()?.source}
          serviceWorker={serviceWorker}
        />
      </StrictMode>,
    );
  } catch (error) {
    console.error('[pairwatch] the shell could not start:', error);
    FIRST_SCREEN_FRAME.release();
    root.render(<StartupError error={error instanceof Error ? error : new Error(String(error))} />);
  }
}

void start();
