import { type ComponentType } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { type RemoteScreen } from './remoteScreens';

/** Loads a remote screen's exposed module; resolves to its React component. */
export interface RemoteComponentLoader {
  (): Promise<ComponentType>;
  /**
   * The component once a load has given it: the screen renders it at once, instead of through
   * React.lazy, whose Suspense fallback would hold the screen back (React shows a fallback for at
   * least 300 ms once it has shown it).
   */
  readonly loaded?: ComponentType | undefined;
}

/**
 * Returns the loader of one remote screen's default-exported component. It rejects (never
 * resolves to a placeholder) when the remote cannot be loaded, so the screen's error boundary shows
 * the fallback with a retry button; a retry calls it again and the runtime fetches afresh.
 *
 * @param screen - which remote screen.
 * @param load - the runtime's `loadRemote` (a fake in unit tests: the real one needs a build).
 */
export function loadRemoteComponent(
  screen: RemoteScreen,
  load: (id: string) => Promise<unknown> = (id) => loadRemote(id),
): RemoteComponentLoader {
  let loaded: ComponentType | undefined;
  const loader = async () => {
    const module = (await load(screen.moduleId)) as { default?: unknown } | null | undefined;
    const component = module?.default;
    if (typeof component !== 'function' && (typeof component !== 'object' || component === null)) {
      throw new Error(
        `Remote module "${screen.moduleId}" has no default-exported React component (got ${typeof component}).`,
      );
    }
    loaded = component as ComponentType;
    return loaded;
  };
  return Object.defineProperty(loader, 'loaded', { get: () => loaded });
}
