import Button from '@mui/material/Button';
import { useSnackbar } from 'notistack';
import { useEffect } from 'react';
import { activateUpdate, watchForUpdate } from '../serviceWorker/watchForUpdate';

/** notistack's key of the toast: shown once however often the worker reports. */
const NEW_VERSION_KEY = 'pairwatch-new-version';

function reloadPage(): void {
  window.location.reload();
}

/** Props of {@link NewVersionToast}. */
export interface NewVersionToastProps {
  /** The shell's service worker registration, once registered (undefined when there is none). */
  readonly registration: Promise<ServiceWorkerRegistration | undefined>;
  /** `navigator.serviceWorker`, injectable for tests. */
  readonly container?: ServiceWorkerContainer | undefined;
  /** Reloads the page, injectable for tests. */
  readonly reload?: () => void;
}

/**
 * "New version — Reload": shown, until pressed or swiped away, when a new shell build's worker
 * waits to take over. Reload lets it take over and reloads the page. Renders nothing itself.
 */
export function NewVersionToast({
  registration,
  container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker,
  reload = reloadPage,
}: NewVersionToastProps) {
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  useEffect(() => {
    let stop: (() => void) | undefined;
    let live = true;
    void registration.then((registered) => {
      if (!registered || !container || !live) return;
      stop = watchForUpdate(
        registered,
        () => container.controller !== null,
        (waiting) => {
          enqueueSnackbar('New version', {
            key: NEW_VERSION_KEY,
            preventDuplicate: true,
            variant: 'info',
            // An update waits for the person, however long they take to see it.
            persist: true,
            action: (key) => (
              <Button
                color="inherit"
                size="small"
                // As ui-kit's toast actions: finger-sized (WCAG 2.5.5), underlined.
                sx={{ minWidth: 64, minHeight: 44, fontWeight: 700, textDecoration: 'underline' }}
                onClick={() => {
                  closeSnackbar(key);
                  activateUpdate(waiting, container, reload);
                }}
              >
                Reload
              </Button>
            ),
          });
        },
      );
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [registration, container, reload, enqueueSnackbar, closeSnackbar]);
  return null;
}
