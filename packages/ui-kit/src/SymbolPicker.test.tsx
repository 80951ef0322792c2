import { describe, expect, it, jest } from '@jest/globals';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SYMBOLS, type SymbolId } from '@pairwatch/domain';
import { SymbolPicker } from './SymbolPicker';

function renderPicker(
  value: SymbolId | null,
  props: { symbols?: readonly SymbolId[]; disabled?: boolean } = {},
) {
  const onChange = jest.fn<(symbol: SymbolId) => void>();
  const user = userEvent.setup();
  render(<SymbolPicker value={value} onChange={onChange} {...props} />);
  return { onChange, user };
}

async function open(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { expanded: false }));
  return screen.findByPlaceholderText('Search symbol...');
}

function optionNames(): string[] {
  return screen.queryAllByRole('option').map((option) => option.textContent ?? '');
}

describe('SymbolPicker', () => {
  it("shows 'Select symbol...' while nothing is selected", () => {
    renderPicker(null);
    expect(screen.getByRole('button')).toHaveTextContent('Select symbol...');
  });

  it('shows the selected symbol with its logo', () => {
    renderPicker('ETHUSDT');
    const trigger = screen.getByRole('button');
    expect(trigger).toHaveTextContent('ETHUSDT');
    expect(within(trigger).getByRole('img', { name: 'ETH' })).toHaveAttribute(
      'src',
      '/icons/eth.png',
    );
  });

  it("opens a search box 'Search symbol...' over every symbol, each with its logo", async () => {
    const { user } = renderPicker('BTCUSDT');
    const search = await open(user);

    expect(search).toHaveFocus();
    expect(screen.getByRole('combobox', { name: 'Search symbol' })).toBe(search);
    // The open popover hides the rest of the page from assistive technology.
    expect(screen.getByRole('button', { expanded: true, hidden: true })).toHaveAttribute(
      'aria-controls',
      screen.getByRole('listbox').id,
    );
    expect(optionNames()).toEqual([...SYMBOLS]);
    for (const option of screen.getAllByRole('option')) {
      const logo = within(option).getByRole('img');
      expect(logo.getAttribute('src')).toBe(
        `/icons/${logo.getAttribute('alt')!.toLowerCase()}.png`,
      );
    }
  });

  it('filters the list as the user types, ignoring case', async () => {
    const { user } = renderPicker('BTCUSDT');
    await user.type(await open(user), 'do');
    expect(optionNames()).toEqual(['DOGEUSDT', 'DOTUSDT']);
  });

  it("says 'No symbol found.' when nothing matches", async () => {
    const { user } = renderPicker('BTCUSDT');
    await user.type(await open(user), 'xyz');
    expect(optionNames()).toEqual([]);
    expect(screen.getByText('No symbol found.')).toBeInTheDocument();
  });

  it('reports a different symbol once and closes', async () => {
    const { user, onChange } = renderPicker('BTCUSDT');
    await open(user);
    await user.click(screen.getByRole('option', { name: /LINKUSDT/ }));

    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith('LINKUSDT');
    await waitFor(() => expect(screen.queryByPlaceholderText('Search symbol...')).toBeNull());
  });

  it('only closes when the selected symbol is chosen again', async () => {
    const { user, onChange } = renderPicker('BTCUSDT');
    await open(user);
    await user.click(screen.getByRole('option', { name: /BTCUSDT/ }));

    await waitFor(() => expect(screen.queryByPlaceholderText('Search symbol...')).toBeNull());
    expect(onChange).not.toHaveBeenCalled();
  });

  it('picks the highlighted match with Enter and closes on Escape without a change', async () => {
    const { user, onChange } = renderPicker('BTCUSDT');
    await user.type(await open(user), 'atom{Enter}');
    expect(onChange).toHaveBeenCalledWith('ATOMUSDT');

    await user.type(await open(user), '{Escape}');
    await waitFor(() => expect(screen.queryByPlaceholderText('Search symbol...')).toBeNull());
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('starts a new search each time it opens', async () => {
    const { user } = renderPicker('BTCUSDT');
    await user.type(await open(user), 'eth{Escape}');
    await waitFor(() => expect(screen.queryByPlaceholderText('Search symbol...')).toBeNull());
    expect(await open(user)).toHaveValue('');
  });

  it('is 180 px wide and its list at most 300 px high', async () => {
    const { user } = renderPicker('BTCUSDT');
    expect(screen.getByRole('button')).toHaveStyle({ width: '180px' });
    await open(user);

    expect(screen.getByRole('listbox')).toHaveStyle({ maxHeight: '300px' });
    expect(screen.getByRole('presentation').querySelector('.MuiPopover-paper')).toHaveStyle({
      width: '180px',
    });
  });

  it('keeps the whole search placeholder free: no clear button and no popup arrow in the box', async () => {
    // Their room (65 px of the 180 px box) cut the placeholder to "Search sym"; the list is always
    // open, and clearing would not change the symbol.
    const { user } = renderPicker('BTCUSDT');
    const search = await open(user);
    const box = search.closest('.MuiAutocomplete-root')!;
    expect(within(box as HTMLElement).queryAllByRole('button', { hidden: true })).toEqual([]);
    expect(box).not.toHaveClass('MuiAutocomplete-hasClearIcon');
    expect(box).not.toHaveClass('MuiAutocomplete-hasPopupIcon');
  });

  it('reports the first pick when nothing was selected', async () => {
    const { user, onChange } = renderPicker(null);
    await open(user);
    expect(screen.getAllByRole('option').filter((o) => o.ariaSelected === 'true')).toEqual([]);
    await user.click(screen.getByRole('option', { name: /ETHUSDT/ }));
    expect(onChange).toHaveBeenCalledWith('ETHUSDT');
  });

  it('offers only the given symbols', async () => {
    const { user } = renderPicker(null, { symbols: ['UNIUSDT', 'ADAUSDT'] });
    await open(user);
    expect(optionNames()).toEqual(['UNIUSDT', 'ADAUSDT']);
  });

  it('does not open when disabled', async () => {
    renderPicker('BTCUSDT', { disabled: true });
    expect(screen.getByRole('button')).toBeDisabled();
    // Click through MUI's `pointer-events: none` to prove the button itself ignores it.
    await userEvent.setup({ pointerEventsCheck: 0 }).click(screen.getByRole('button'));
    expect(screen.queryByPlaceholderText('Search symbol...')).toBeNull();
  });
});
