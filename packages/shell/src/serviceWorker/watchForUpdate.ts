import { SKIP_WAITING_MESSAGE } from './updateMessages';

/** The parts of a `ServiceWorkerRegistration` {@link watchForUpdate} reads. */
export type UpdatableRegistration = Pick<
  ServiceWorkerRegistration,
  'waiting' | 'installing' | 'addEventListener' | 'removeEventListener'
>;

/**
 * Calls `onUpdate` with the new worker once a new shell build's worker has installed and waits
 * to take over this page (a worker installed while no worker controls the page is the first
 * one, not an update). The browser looks for a new `/sw.js` at every page load.
 *
 * @param controlled - whether a worker controls the page now (`navigator.serviceWorker.controller`).
 * @returns stops watching.
 */
export function watchForUpdate(
  registration: UpdatableRegistration,
  controlled: () => boolean,
  onUpdate: (waiting: ServiceWorker) => void,
): () => void {
  let told: ServiceWorker | undefined;
  const check = () => {
    const waiting = registration.waiting;
    if (waiting && waiting !== told && controlled()) {
      told = waiting;
      onUpdate(waiting);
    }
  };
  const watchInstalling = () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') check();
    });
  };
  registration.addEventListener('updatefound', watchInstalling);
  watchInstalling();
  check();
  return () => registration.removeEventListener('updatefound', watchInstalling);
}

/**
 * Lets the waiting worker take over, then reloads the page once it controls it, so the page runs
 * the build the worker serves.
 */
export function activateUpdate(
  waiting: Pick<ServiceWorker, 'postMessage'>,
  container: Pick<ServiceWorkerContainer, 'addEventListener'>,
  reload: () => void,
): void {
  container.addEventListener('controllerchange', () => reload(), { once: true });
  waiting.postMessage(SKIP_WAITING_MESSAGE);
}
