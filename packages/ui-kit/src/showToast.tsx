import Box from '@mui/material/Box';
import { enqueueSnackbar } from 'notistack';

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
}

/**
 * Shows a toast through the shell's one notistack `SnackbarProvider` (notistack is a federated
 * singleton, so `enqueueSnackbar` reaches it without a hook).
 */
export function showToast({ variant, title, description, key }: ToastRequest): void {
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
    key === undefined ? { variant } : { variant, key, preventDuplicate: true },
  );
}
