import { describe, expect, it } from '@jest/globals';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInShell } from '../test-support/renderInShell';
import { ScreenSelect } from './ScreenSelect';

async function openDropdown() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('combobox', { name: 'Screen' }));
  return { user, listbox: await screen.findByRole('listbox') };
}

describe('ScreenSelect', () => {
  it('shows the current screen', () => {
    renderInShell(<ScreenSelect />, ['/positions']);
    expect(screen.getByRole('combobox', { name: 'Screen' })).toHaveTextContent('Positions');
  });

  it('lists Alerts, Positions and Portfolio, with Portfolio disabled', async () => {
    renderInShell(<ScreenSelect />, ['/alerts']);
    const { listbox } = await openDropdown();
    const options = within(listbox).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Alerts',
      'Positions',
      'Portfolio',
    ]);
    expect(options[2]).toHaveAttribute('aria-disabled', 'true');
    expect(options[0]).not.toHaveAttribute('aria-disabled', 'true');
    expect(options[1]).not.toHaveAttribute('aria-disabled', 'true');
  });

  it('navigates to the chosen screen', async () => {
    renderInShell(<ScreenSelect />, ['/alerts']);
    const { user, listbox } = await openDropdown();
    await user.click(within(listbox).getByRole('option', { name: 'Positions' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/positions');
    expect(screen.getByTestId('location')).toHaveAttribute('data-navigation-type', 'PUSH');
  });

  it('does not navigate to the disabled Portfolio', async () => {
    renderInShell(<ScreenSelect />, ['/alerts']);
    const { listbox } = await openDropdown();
    // fireEvent: a forced click, past the `pointer-events: none` a person could not get through.
    fireEvent.click(within(listbox).getByRole('option', { name: 'Portfolio' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/alerts');
  });
});
