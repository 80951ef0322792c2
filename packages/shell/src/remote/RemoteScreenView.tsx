import { type ComponentType, lazy, Suspense, useCallback, useState } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useSnackbar } from 'notistack';
import { type RemoteComponentLoader } from '../federation/loadRemoteComponent';
import { type RemoteScreen } from '../federation/remoteScreens';
import { ReleaseFirstScreen } from '../firstScreen/ReleaseFirstScreen';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { RemoteFallback } from './RemoteFallback';

/** Props of {@link RemoteScreenView}. */
export interface RemoteScreenViewProps {
  readonly screen: RemoteScreen;
  readonly load: RemoteComponentLoader;
}

function lazyScreen(load: RemoteComponentLoader) {
  return lazy(async (): Promise<{ default: ComponentType }> => ({ default: await load() }));
}

/**
 * One remote screen behind its own error boundary and Suspense. A failure shows
 * {@link RemoteFallback} and an error toast; "Retry" calls the loader again from scratch.
 */
export function RemoteScreenView({ screen, load }: RemoteScreenViewProps) {
  const { enqueueSnackbar } = useSnackbar();
  // React.lazy remembers a rejection forever, so each attempt gets a fresh lazy component. A
  // screen already loaded (the first screen's, bootstrap) renders at once, without a fallback.
  const [attempt, setAttempt] = useState(() => ({
    count: 0,
    Screen: load.loaded ?? lazyScreen(load),
  }));
  const retry = useCallback(() => {
    setAttempt((previous) => ({ count: previous.count + 1, Screen: lazyScreen(load) }));
  }, [load]);
  const onError = useCallback(() => {
    enqueueSnackbar(`The ${screen.title} screen could not be loaded.`, { variant: 'error' });
  }, [enqueueSnackbar, screen.title]);
  const { Screen } = attempt;
  return (
    <RemoteErrorBoundary
      key={attempt.count}
      onError={onError}
      fallback={(error) => (
        <>
          <RemoteFallback title={screen.title} error={error} onRetry={retry} />
          <ReleaseFirstScreen />
        </>
      )}
    >
      <Suspense
        fallback={
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
            <CircularProgress aria-label={`Loading ${screen.title}`} />
          </Box>
        }
      >
        <Screen />
        <ReleaseFirstScreen />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
