import { describe, expect, it } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { showToast } from './showToast';

/** The shell's toaster, with room for three toasts so that a dropped one shows as missing. */
function renderToaster(): void {
  render(<SnackbarProvider maxSnack={3} autoHideDuration={null} />);
}

describe('showToast', () => {
  it('shows every toast without a key', () => {
    renderToaster();
    act(() => {
      showToast({ variant: 'error', description: 'Boom' });
      showToast({ variant: 'error', description: 'Boom' });
    });
    expect(screen.getAllByText('Boom')).toHaveLength(2);
  });

  it('drops a keyed toast while one with the same key is shown', () => {
    renderToaster();
    act(() => {
      showToast({ variant: 'error', title: 'Error', description: 'Again', key: 'k' });
      showToast({ variant: 'error', title: 'Error', description: 'Again', key: 'k' });
      showToast({ variant: 'error', title: 'Error', description: 'Again', key: 'other' });
    });
    expect(screen.getAllByText('Again')).toHaveLength(2);
  });

  it('titles a toast above its description', () => {
    renderToaster();
    act(() => {
      showToast({ variant: 'error', title: 'Error', description: 'Import failed: bad file' });
    });
    const title = screen.getByText('Error');
    expect(title.tagName).toBe('STRONG');
    expect(title.parentElement).toHaveTextContent('ErrorImport failed: bad file');
  });
});
