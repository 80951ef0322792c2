import { registerRemotes } from '@module-federation/enhanced/runtime';
import { type AppConfig } from '../config/AppConfig';
import { REMOTE_SCREENS } from './remoteScreens';

let registered = false;

/**
 * Tells the federation runtime where each remote's manifest is, once per page (`main.ts` does it
 * as soon as `app-config.json` arrives, bootstrap makes sure of it). Nothing is fetched here: with
 * `shareStrategy: 'loaded-first'` a remote loads when its screen is first shown (or preloaded), so
 * a remote that is down cannot stop the shell from starting.
 *
 * @param remotes - the manifest URLs from `app-config.json`.
 * @param register - the runtime's `registerRemotes` (a fake in unit tests: the real one needs a build).
 */
export function registerAppRemotes(
  remotes: AppConfig['remotes'],
  register: (remotes: { name: string; entry: string }[]) => void = registerRemotes,
): void {
  if (registered) return;
  register(
    Object.values(REMOTE_SCREENS).map((screen) => ({
      name: screen.containerName,
      entry: remotes[screen.id],
    })),
  );
  registered = true;
}
