import { BrowserRouter } from 'react-router-dom';
import { PairwatchThemeProvider } from '@pairwatch/ui-kit';
import { type RemoteComponentLoader } from './federation/loadRemoteComponent';
import { type RemoteScreenId } from './federation/remoteScreens';
import { ShellRoutes } from './routing/ShellRoutes';
import { ShellLayout } from './ShellLayout';
import { type MarketSource } from './status/fetchMarketSource';
import { useMarketSource } from './status/useMarketSource';
import { NewVersionToast } from './toasts/NewVersionToast';
import { ShellToaster } from './toasts/ShellToaster';

/** Props of {@link ShellApp}. */
export interface ShellAppProps {
  readonly apiUrl: string;
  readonly loaders: Readonly<Record<RemoteScreenId, RemoteComponentLoader>>;
  /** The market source already known at start (the first screen asked for it). */
  readonly initialMarketSource?: MarketSource | undefined;
  /** Without it, the source the page saw last (kept), shown until the api answers. */
  readonly keptMarketSource?: MarketSource | undefined;
  /** `fetch`, injectable for tests. */
  readonly fetchFn?: typeof fetch;
  /** The service worker's registration: a new shell build waiting in it is offered as a toast. */
  readonly serviceWorker?: Promise<ServiceWorkerRegistration | undefined>;
}

/**
 * The whole shell: theme (light or dark with the system), the one toaster the remotes reach
 * through notistack's shared singleton (and the "New version" toast), the router, the frame and
 * the routes.
 */
export function ShellApp({
  apiUrl,
  loaders,
  initialMarketSource,
  keptMarketSource,
  fetchFn,
  serviceWorker,
}: ShellAppProps) {
  const marketSource = useMarketSource(apiUrl, fetchFn, initialMarketSource, keptMarketSource);
  return (
    <PairwatchThemeProvider>
      <ShellToaster>
        {serviceWorker && <NewVersionToast registration={serviceWorker} />}
        <BrowserRouter>
          <ShellLayout marketSource={marketSource}>
            <ShellRoutes loaders={loaders} />
          </ShellLayout>
        </BrowserRouter>
      </ShellToaster>
    </PairwatchThemeProvider>
  );
}
