import { type ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ShellToaster } from '../toasts/ShellToaster';
import { LocationProbe } from './LocationProbe';

/**
 * Renders `ui` under the providers the shell gives every screen (router at `entries`, the shell's toaster)
 * with a {@link LocationProbe} beside it.
 *
 * @param entries - the history, the last one current (e.g. `['/positions', '/nowhere']`).
 */
export function renderInShell(ui: ReactElement, entries: string[] = ['/']) {
  return render(
    <ShellToaster>
      <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
        {ui}
        <LocationProbe />
      </MemoryRouter>
    </ShellToaster>,
  );
}
