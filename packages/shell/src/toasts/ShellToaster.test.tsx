import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { enqueueSnackbar } from 'notistack';
import { ShellToaster } from './ShellToaster';

/** Product-product §9, written out so that a changed constant fails here. */
const SPEC_DURATION_MS = 5000;

/** Long enough for notistack's enter, exit and collapse transitions (each well under 1 s). */
const TRANSITIONS_MS = 1000;

function toast(message: string, variant: 'success' | 'error' = 'success') {
  act(() => {
    enqueueSnackbar(message, { variant });
  });
}

/**
 * Advances fake time in steps, letting React commit between them: notistack chains its transitions
 * (exit → collapse → next toast) through state updates that each start a new timer.
 */
async function passTime(ms: number, step = 50) {
  for (let passed = 0; passed < ms; passed += step) {
    await act(async () => jest.advanceTimersByTime(Math.min(step, ms - passed)));
  }
}

function viewport() {
  return screen.getByRole('region', { name: 'Notifications (F8)' });
}

function keydownListeners(spy: jest.SpiedFunction<typeof document.addEventListener>) {
  return spy.mock.calls.filter(([type]) => type === 'keydown').map(([, listener]) => listener);
}

describe('ShellToaster', () => {
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('renders an empty "Notifications (F8)" landmark that F8 focuses', async () => {
    render(
      <ShellToaster>
        <button type="button">Elsewhere</button>
      </ShellToaster>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(viewport()).toHaveAttribute('tabindex', '-1');
    expect(viewport()).toBeEmptyDOMElement();

    await user.keyboard('{F8}');
    expect(viewport()).toHaveFocus();
  });

  it.each([
    ['Ctrl', '{Control>}{F8}{/Control}'],
    ['Alt', '{Alt>}{F8}{/Alt}'],
    ['Shift', '{Shift>}{F8}{/Shift}'],
    ['Meta', '{Meta>}{F8}{/Meta}'],
  ])('leaves the focus where it is on %s+F8', async (_modifier, keys) => {
    render(
      <ShellToaster>
        <button type="button">Elsewhere</button>
      </ShellToaster>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    await user.keyboard(keys);
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
    expect(viewport()).not.toHaveFocus();
  });

  it('shows toasts inside the landmark as alerts, so F8 lands right before them', async () => {
    render(<ShellToaster />);
    toast('Alert deleted successfully.');
    const alert = await within(viewport()).findByRole('alert');
    expect(alert).toHaveTextContent('Alert deleted successfully.');

    await userEvent.keyboard('{F8}');
    expect(viewport()).toHaveFocus();
  });

  it('listens for F8 once and stops listening when unmounted', () => {
    const added = jest.spyOn(document, 'addEventListener');
    const removed = jest.spyOn(document, 'removeEventListener');
    const { rerender, unmount } = render(<ShellToaster />);
    rerender(<ShellToaster>again</ShellToaster>);
    toast('A toast re-renders the provider.');
    const listeners = keydownListeners(added);
    expect(listeners).toHaveLength(1);

    unmount();
    expect(keydownListeners(removed)).toEqual(listeners);
  });

  it('shows one toast at a time: a new toast replaces the one on screen', async () => {
    jest.useFakeTimers();
    render(<ShellToaster />);
    toast('The Alerts screen could not be loaded.', 'error');
    await passTime(TRANSITIONS_MS);
    toast('The Positions screen could not be loaded.', 'error');
    // The first one is on its way out (hidden); the second waits until it has gone.
    const leaving = screen.getAllByRole('alert', { hidden: true });
    expect(leaving).toHaveLength(1);
    expect(leaving[0]).toHaveTextContent('The Alerts screen could not be loaded.');

    await passTime(TRANSITIONS_MS);
    const shown = screen.getAllByRole('alert', { hidden: true });
    expect(shown).toHaveLength(1);
    expect(shown[0]).toHaveTextContent('The Positions screen could not be loaded.');
    expect(shown[0]).toBeVisible();
  });

  it('hides a toast 5000 ms after it appears', async () => {
    jest.useFakeTimers();
    render(<ShellToaster />);
    toast('Position opened.');
    await passTime(SPEC_DURATION_MS - 1);
    expect(screen.getByRole('alert')).toHaveTextContent('Position opened.');
    expect(screen.getByRole('alert').closest('[data-swipe]')).toHaveAttribute('data-swipe', 'idle');

    await passTime(1);
    await passTime(TRANSITIONS_MS);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
