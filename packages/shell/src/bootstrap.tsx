import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureMarketData } from '@pairwatch/market-data';
import { requestAppConfig } from './config/requestAppConfig';
import { loadRemoteComponent } from './federation/loadRemoteComponent';
import { REMOTE_SCREENS } from './federation/remoteScreens';
import { startFirstScreen } from './federation/startFirstScreen';
import { registerServiceWorker } from './serviceWorker/registerServiceWorker';
import { ShellApp } from './ShellApp';
import { StartupError } from './StartupError';

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element.');
  const root = createRoot(container);
  try {
    const config = await requestAppConfig();
    // Once, before any remote loads: market-data is a shared singleton, so both remotes use it.
    // startFirstScreen ran in main.ts (it returns what it started then): the first screen's
    // requests are already under way.
    configureMarketData({ apiUrl: config.apiUrl, prefetched: startFirstScreen(config) });
    void registerServiceWorker();
    const loaders = {
      alerts: loadRemoteComponent(REMOTE_SCREENS.alerts),
      positions: loadRemoteComponent(REMOTE_SCREENS.positions),
    };
    root.render(
      <StrictMode>
        <ShellApp apiUrl={config.apiUrl} loaders={loaders} />
      </StrictMode>,
    );
  } catch (error) {
    console.error('[pairwatch] the shell could not start:', error);
    root.render(<StartupError error={error instanceof Error ? error : new Error(String(error))} />);
  }
}

void start();
