import { SnackbarProvider } from 'notistack';
import { BrowserRouter } from 'react-router-dom';
import { PairwatchThemeProvider } from '@pairwatch/ui-kit';
import { type RemoteComponentLoader } from './federation/loadRemoteComponent';
import { type RemoteScreenId } from './federation/remoteScreens';
import { ShellRoutes } from './routing/ShellRoutes';
import { ShellLayout } from './ShellLayout';
import { useMarketSource } from './status/useMarketSource';

/** Only one toast at a time, shown for 5 s (product-spec §9). */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;

/** Props of {@link ShellApp}. */
export interface ShellAppProps {
  readonly apiUrl: string;
  readonly loaders: Readonly<Record<RemoteScreenId, RemoteComponentLoader>>;
  /** `fetch`, injectable for tests. */
  readonly fetchFn?: typeof fetch;
}

/**
 * The whole shell: theme (light or dark with the system), the one toaster the remotes reach
 * through notistack's shared singleton, the router, the frame and the routes.
 */
export function ShellApp({ apiUrl, loaders, fetchFn }: ShellAppProps) {
  const marketSource = useMarketSource(apiUrl, fetchFn);
  return (
    <PairwatchThemeProvider>
      <SnackbarProvider
        maxSnack={TOAST_LIMIT}
        autoHideDuration={TOAST_DURATION_MS}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      >
        <BrowserRouter>
          <ShellLayout marketSource={marketSource}>
            <ShellRoutes loaders={loaders} />
          </ShellLayout>
        </BrowserRouter>
      </SnackbarProvider>
    </PairwatchThemeProvider>
  );
}
