import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { SnackbarProvider, type SnackbarProviderProps } from 'notistack';
import { SwipeableToast } from './SwipeableToast';
import { TOAST_DURATION_MS, TOAST_LIMIT, TOAST_VIEWPORT_LABEL } from './toastConstants';
import { useToastViewportHotkey } from './useToastViewportHotkey';

/** Every notistack variant gets the swipeable toast, so no toast is left that cannot be swiped. */
const SWIPEABLE_VARIANTS: SnackbarProviderProps['Components'] = {
  default: SwipeableToast,
  success: SwipeableToast,
  error: SwipeableToast,
  warning: SwipeableToast,
  info: SwipeableToast,
};

/** Props of {@link ShellToaster}. */
export interface ShellToasterProps {
  readonly children?: ReactNode;
}

/**
 * The app's one toaster (product-product §9): notistack's provider, one toast at a time for
 * {@link TOAST_DURATION_MS}, swipeable toasts, rendered inside a "Notifications (F8)" landmark that
 * F8 focuses. Remotes reach it through notistack's shared singleton (`enqueueSnackbar`,
 * `useSnackbar`).
 */
export function ShellToaster({ children }: ShellToasterProps) {
  // State, not a ref: the provider must re-render to portal the toasts once the region exists.
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null);
  useToastViewportHotkey(viewport);
  return (
    <SnackbarProvider
      maxSnack={TOAST_LIMIT}
      autoHideDuration={TOAST_DURATION_MS}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      Components={SWIPEABLE_VARIANTS}
      domRoot={viewport ?? undefined}
    >
      {children}
      <Box
        ref={setViewport}
        role="region"
        aria-label={TOAST_VIEWPORT_LABEL}
        tabIndex={-1}
        // The toasts are fixed-position, so the region itself has no box to outline: show the
        // focus on the toasts it holds instead.
        sx={(theme) => ({
          outline: 'none',
          '&:focus .notistack-MuiContent': {
            outline: `2px solid ${theme.palette.primary.main}`,
            outlineOffset: '2px',
          },
        })}
      />
    </SnackbarProvider>
  );
}
