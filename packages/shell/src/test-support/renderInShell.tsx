import { type ReactElement } from 'react';
import { render } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { MemoryRouter } from 'react-router-dom';
import { LocationProbe } from './LocationProbe';

/**
 * Renders `ui` under the providers the shell gives every screen (router at `entries`, the toaster)
 * with a {@link LocationProbe} beside it.
 *
 * @param entries - the history, the last one current (e.g. `['/positions', '/nowhere']`).
 */
export function renderInShell(ui: ReactElement, entries: string[] = ['/']) {
  return render(
    <SnackbarProvider maxSnack={1} autoHideDuration={5000}>
      <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
        {ui}
        <LocationProbe />
      </MemoryRouter>
    </SnackbarProvider>,
  );
}
