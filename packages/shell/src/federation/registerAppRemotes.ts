import { registerRemotes } from '@module-federation/enhanced/runtime';
import { type AppConfig } from '../config/AppConfig';
import { REMOTE_SCREENS } from './remoteScreens';

/**
 * Tells the federation runtime where each remote's manifest is. Nothing is fetched here: with
 * `shareStrategy: 'loaded-first'` a remote loads when its screen is first shown, so a remote that
 * is down cannot stop the shell from starting.
 *
 * @param remotes - the manifest URLs from `app-config.json`.
 * @param register - the runtime's `registerRemotes` (a fake in unit tests: the real one needs a build).
 */
export function registerAppRemotes(
  remotes: AppConfig['remotes'],
  register: (remotes: { name: string; entry: string }[]) => void = registerRemotes,
): void {
  register(
    Object.values(REMOTE_SCREENS).map((screen) => ({
      name: screen.containerName,
      entry: remotes[screen.id],
    })),
  );
}
