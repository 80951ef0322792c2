import { type ReactElement, type ReactNode } from 'react';
import { render } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { MemoryRouter } from 'react-router';
import { PairwatchThemeProvider } from '@pairwatch/ui-kit';

/**
 * Renders inside what the shell provides: theme, a toaster (3 visible for tests) and a router.
 * The providers are a `wrapper`, so `rerender` keeps them (and the component's state).
 */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/alerts' }: { route?: string } = {},
) {
  function Providers({ children }: { readonly children: ReactNode }) {
    return (
      <PairwatchThemeProvider mode="light">
        <SnackbarProvider maxSnack={3} autoHideDuration={null}>
          <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
        </SnackbarProvider>
      </PairwatchThemeProvider>
    );
  }
  return render(ui, { wrapper: Providers });
}
