import { type RemoteScreenId } from '../federation/remoteScreens';

/** A screen path as the app spells it: lower case, without trailing slashes. */
export function canonicalPath(pathname: string): string {
  return pathname.replace(/\/+$/, '').toLowerCase() || '/';
}

/**
 * The remote screen that {@link ShellRoutes} ends up showing for `pathname`: `/positions` shows
 * Positions, and every other path (unknown ones, `/portfolio`) lands on Alerts, the default screen.
 */
export function screenForPath(pathname: string): RemoteScreenId {
  return canonicalPath(pathname) === '/positions' ? 'positions' : 'alerts';
}
