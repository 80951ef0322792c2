import { describe, expect, it } from '@jest/globals';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { enqueueSnackbar } from 'notistack';
import { ShellToaster } from './ShellToaster';
import { TOAST_SWIPE_THRESHOLD_PX } from './toastConstants';

const START_X = 200;

/** Shows a toast through the real toaster and waits until it is on screen. */
async function showToast(message = 'Alert deleted successfully.') {
  render(<ShellToaster />);
  act(() => {
    enqueueSnackbar(message, { variant: 'success' });
  });
  return screen.findByRole('alert');
}

type PointerName = 'MouseLeft' | 'TouchA';

/**
 * Presses `pointer` on `target`, moves it sideways to each of `moves` in turn (px from the press)
 * and, unless told otherwise, releases it there.
 */
async function drag(target: Element, pointer: PointerName, moves: number[], release = true) {
  // user-event moves the mouse unless a move names another pointer.
  const pointerName = pointer === 'MouseLeft' ? 'mouse' : pointer;
  await userEvent.pointer([
    { keys: `[${pointer}>]`, target, coords: { clientX: START_X, clientY: 10 } },
    ...moves.map((dx) => ({ pointerName, target, coords: { clientX: START_X + dx, clientY: 12 } })),
    ...(release ? [{ keys: `[/${pointer}]`, target }] : []),
  ]);
}

describe('SwipeableToast', () => {
  it.each([
    [49, 'idle'],
    [50, 'dismissed'],
    [-50, 'dismissed'],
  ])('treats a %i px drag as %s: the threshold is 50 px either way', async (dx, phase) => {
    expect(TOAST_SWIPE_THRESHOLD_PX).toBe(50);
    const toast = await showToast();
    await drag(toast, 'MouseLeft', [dx]);
    expect(toast.closest('[data-swipe]')).toHaveAttribute('data-swipe', phase);
  });

  it('dismisses a toast dragged 60 px to the right with the mouse', async () => {
    const toast = await showToast();
    await drag(toast, 'MouseLeft', [20, 60]);
    expect(toast.closest('[data-swipe]')).toHaveAttribute('data-swipe', 'dismissed');
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('dismisses a toast swiped 60 px to the left with a finger', async () => {
    const toast = await showToast();
    await drag(toast, 'TouchA', [-30, -60]);
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('snaps a toast dragged only 40 px back into place', async () => {
    const toast = await showToast();
    await drag(toast, 'MouseLeft', [20, 40]);
    expect(toast.closest('[data-swipe]')).toHaveAttribute('data-swipe', 'idle');
    expect(toast.style.transform).toBe('');
    // Longer than the exit transition: had the drag dismissed it, it would be gone by now.
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(screen.getByRole('alert')).toBe(toast);
  });

  it('moves the toast with the pointer while it is dragged', async () => {
    const toast = await showToast();
    await drag(toast, 'TouchA', [10, 30], false);
    expect(toast.closest('[data-swipe]')).toHaveAttribute('data-swipe', 'dragging');
    expect(toast.style.transform).toBe('translateX(30px)');
    await userEvent.pointer({ keys: '[/TouchA]', target: toast });
  });

  it('ignores a drag with the right mouse button', async () => {
    const toast = await showToast();
    await userEvent.pointer([
      { keys: '[MouseRight>]', target: toast, coords: { clientX: START_X } },
      { coords: { clientX: START_X + 80 } },
      { keys: '[/MouseRight]' },
    ]);
    expect(toast.closest('[data-swipe]')).toHaveAttribute('data-swipe', 'idle');
    expect(toast.style.transform).toBe('');
  });
});
