import { describe, expect, it, jest } from '@jest/globals';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import { closeToast, showToast } from './showToast';

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

  it('shows an action as a named button that runs once and closes the toast', async () => {
    render(<SnackbarProvider maxSnack={1} autoHideDuration={5000} />);
    const onClick = jest.fn();
    const onDismissed = jest.fn();
    act(() => {
      showToast({
        variant: 'success',
        description: 'Position deleted.',
        action: { label: 'Undo', onClick },
        onDismissed,
      });
    });
    const undo = screen.getByRole('button', { name: 'Undo' });
    await userEvent.click(undo);
    expect(onClick).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByText('Position deleted.')).not.toBeInTheDocument());
    expect(onDismissed).not.toHaveBeenCalled();
  });

  it('tells onDismissed when the toast times out without its action', async () => {
    jest.useFakeTimers();
    try {
      render(<SnackbarProvider maxSnack={1} autoHideDuration={5000} />);
      const onClick = jest.fn();
      const onDismissed = jest.fn();
      act(() => {
        showToast({
          variant: 'success',
          description: 'Alert deleted successfully.',
          action: { label: 'Undo', onClick },
          onDismissed,
        });
      });
      act(() => jest.advanceTimersByTime(4900));
      expect(onDismissed).not.toHaveBeenCalled();
      act(() => jest.advanceTimersByTime(200));
      expect(onDismissed).toHaveBeenCalledTimes(1);
      expect(onClick).not.toHaveBeenCalled();
    } finally {
      jest.useRealTimers();
    }
  });

  it('tells onDismissed when the next toast replaces it', async () => {
    render(<SnackbarProvider maxSnack={1} autoHideDuration={null} />);
    const onDismissed = jest.fn();
    act(() => {
      showToast({
        variant: 'success',
        description: 'First',
        action: { label: 'Undo', onClick: () => undefined },
        onDismissed,
      });
    });
    await screen.findByText('First');
    // notistack replaces a toast once it has entered the screen.
    await new Promise((resolve) => setTimeout(resolve, 500));
    act(() => {
      showToast({ variant: 'success', description: 'Second' });
    });
    await waitFor(() => expect(onDismissed).toHaveBeenCalledTimes(1));
  });

  it('closes a keyed toast on request, its Undo with it, and tells onDismissed', async () => {
    render(<SnackbarProvider maxSnack={3} autoHideDuration={null} />);
    const onClick = jest.fn();
    const onDismissed = jest.fn();
    act(() => {
      showToast({
        variant: 'success',
        key: 'deleted-a1',
        description: 'Alert deleted successfully.',
        action: { label: 'Undo', onClick },
        onDismissed,
      });
    });
    await screen.findByRole('button', { name: 'Undo' });
    act(() => closeToast('deleted-a1'));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull());
    expect(onDismissed).toHaveBeenCalledTimes(1);
    expect(onClick).not.toHaveBeenCalled();
  });
});
