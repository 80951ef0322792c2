import { BrowserRouter } from 'react-router-dom';
import { PairwatchThemeProvider } from '@pairwatch/ui-kit';
import { type RemoteComponentLoader } from './federation/loadRemoteComponent';
import { type RemoteScreenId } from './federation/remoteScreens';
import { ShellRoutes } from './routing/ShellRoutes';
import { ShellLayout } from './ShellLayout';
import { type MarketSource } from './status/fetchMarketSource';
import { useMarketSource } from './status/useMarketSource';
import { ShellToaster } from './toasts/ShellToaster';

/** Props of {@link ShellApp}. */
export interface ShellAppProps {
  readonly apiUrl: string;
  readonly loaders: Readonly<Record<RemoteScreenId, RemoteComponentLoader>>;
  /** The market source already known at start (the first screen asked for it). */
  readonly initialMarketSource?: MarketSource | undefined;
  /** `fetch`, injectable for tests. */
  readonly fetchFn?: typeof fetch;
}

/**
 * The whole shell: theme (light or dark with the system), the one toaster the remotes reach
 * through notistack's shared singleton, the router, the frame and the routes.
 */
export function ShellApp({ apiUrl, loaders, initialMarketSource, fetchFn }: ShellAppProps) {
  const marketSource = useMarketSource(apiUrl, fetchFn, initialMarketSource);
  return (
    <PairwatchThemeProvider>
      <ShellToaster>
        <BrowserRouter>
          <ShellLayout marketSource={marketSource}>
            <ShellRoutes loaders={loaders} />
          </ShellLayout>
        </BrowserRouter>
      </ShellToaster>
    </PairwatchThemeProvider>
  );
}
