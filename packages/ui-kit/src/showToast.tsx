import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { closeSnackbar, enqueueSnackbar, type SnackbarKey } from 'notistack';

/** A toast's one action, e.g. "Undo": a real button, named by its label. */
export interface ToastAction {
  readonly label: string;
  /** Called once when the button is pressed; the toast closes then. */
  readonly onClick: () => void;
}

/** A toast: `error` toasts are the spec's "destructive" ones, titled 'Error'. */
export interface ToastRequest {
  readonly variant: 'success' | 'error' | 'info';
  readonly title?: string;
  readonly description: string;
  /**
   * Names a toast that repeats (e.g. one per failed retry): while one with this key is shown or
   * queued, the next is dropped instead of lining up behind it.
   */
  readonly key?: string;
  /** A button in the toast, e.g. `{ label: 'Undo', onClick: restore }`. */
  readonly action?: ToastAction;
  /**
   * Called once when the toast goes without its action pressed: timed out, swiped away or
   * replaced by the next toast. What the action could still undo is final then.
   */
  readonly onDismissed?: () => void;
}

/**
 * Shows a toast through the shell's one notistack `SnackbarProvider` (notistack is a federated
 * singleton, so `enqueueSnackbar` reaches it without a hook).
 *
 * @example `showToast({ variant: 'success', description: 'Position deleted.', action: { label: 'Undo', onClick: restore } })`
 */
export function showToast({
  variant,
  title,
  description,
  key,
  action,
  onDismissed,
}: ToastRequest): void {
  // notistack may report a close more than once (an instructed close, then the provider's).
  let settled = false;
  const settle = (acted: boolean) => {
    if (settled) return;
    settled = true;
    if (acted) action?.onClick();
    else onDismissed?.();
  };
  enqueueSnackbar(
    title ? (
      <Box>
        <Box component="strong" sx={{ display: 'block' }}>
          {title}
        </Box>
        {description}
      </Box>
    ) : (
      description
    ),
    {
      variant,
      ...(key === undefined ? {} : { key, preventDuplicate: true }),
      ...(action === undefined
        ? {}
        : {
            action: (id: SnackbarKey) => (
              <Button
                color="inherit"
                size="small"
                // A finger-sized target on phones (WCAG 2.5.5); underlined so it reads as a control.
                sx={{ minWidth: 64, minHeight: 44, fontWeight: 700, textDecoration: 'underline' }}
                onClick={() => {
                  settle(true);
                  closeSnackbar(id);
                }}
              >
                {action.label}
              </Button>
            ),
          }),
      ...(action === undefined && onDismissed === undefined
        ? {}
        : { onClose: () => settle(false) }),
    },
  );
}

/**
 * Closes the toast shown with `key` (its `onDismissed` runs), e.g. when what its action could undo
 * became final while it was still on screen.
 */
export function closeToast(key: string): void {
  closeSnackbar(key);
}
