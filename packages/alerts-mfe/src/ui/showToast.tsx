import Box from '@mui/material/Box';
import { enqueueSnackbar } from 'notistack';

/** A toast: `error` toasts are the spec's "destructive" ones, titled 'Error'. */
export interface ToastRequest {
  readonly variant: 'success' | 'error' | 'info';
  readonly title?: string;
  readonly description: string;
}

/**
 * Shows a toast through the shell's one notistack `SnackbarProvider` (notistack is a federated
 * singleton, so `enqueueSnackbar` reaches it without a hook).
 */
export function showToast({ variant, title, description }: ToastRequest): void {
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
    { variant },
  );
}
