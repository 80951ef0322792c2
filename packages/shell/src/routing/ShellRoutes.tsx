import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { type RemoteComponentLoader } from '../federation/loadRemoteComponent';
import { REMOTE_SCREENS, type RemoteScreenId } from '../federation/remoteScreens';
import { RemoteScreenView } from '../remote/RemoteScreenView';
import { DEFAULT_SCREEN_PATH } from './SCREEN_OPTIONS';
import { canonicalPath } from './screenForPath';

/** Props of {@link ShellRoutes}. */
export interface ShellRoutesProps {
  /** The loader of each remote screen (the federation runtime in the app, fakes in tests). */
  readonly loaders: Readonly<Record<RemoteScreenId, RemoteComponentLoader>>;
}

/**
 * The routes: `/alerts` and `/positions` render their remote; anything else, `/portfolio`
 * included (it is disabled), replaces the history entry with `/alerts`.
 */
export function ShellRoutes({ loaders }: ShellRoutesProps) {
  const location = useLocation();
  // `/Alerts`, `/positions/`: the router would render the screen, but the Screen dropdown (which
  // compares paths exactly) would name none. One spelling per screen, keeping query and hash.
  const canonical = canonicalPath(location.pathname);
  if (canonical !== location.pathname) {
    return <Navigate to={{ ...location, pathname: canonical }} replace />;
  }
  return (
    <Routes>
      <Route
        path="/alerts"
        element={
          <RemoteScreenView key="alerts" screen={REMOTE_SCREENS.alerts} load={loaders.alerts} />
        }
      />
      <Route
        path="/positions"
        element={
          <RemoteScreenView
            key="positions"
            screen={REMOTE_SCREENS.positions}
            load={loaders.positions}
          />
        }
      />
      <Route path="*" element={<Navigate to={DEFAULT_SCREEN_PATH} replace />} />
    </Routes>
  );
}
