import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_SYMBOLS, type SymbolId, type SymbolInfo } from '@pairwatch/domain';
import { SymbolPicker } from './SymbolPicker';
import { symbolCatalogue } from './test-support/symbolCatalogue';

const CATALOGUE = symbolCatalogue(1500);

function renderPicker(
  value: SymbolId | null,
  props: { symbols?: readonly SymbolInfo[] | undefined; disabled?: boolean } = {},
) {
  const onChange = jest.fn<(symbol: SymbolId) => void>();
  const user = userEvent.setup();
  const symbols = 'symbols' in props ? props.symbols : CATALOGUE;
  const view = render(
    <SymbolPicker value={value} onChange={onChange} disabled={props.disabled} symbols={symbols} />,
  );
  return { onChange, user, view };
}

async function open(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { expanded: false }));
  return screen.findByPlaceholderText('Search symbol...');
}

/** The options in the DOM, by accessible name (the full symbol id). */
function optionNames(): string[] {
  return screen.queryAllByRole('option').map((option) => option.getAttribute('aria-label') ?? '');
}

function activeOption(): HTMLElement | null {
  const id = screen.getByRole('combobox').getAttribute('aria-activedescendant');
  return id ? document.getElementById(id) : null;
}

async function waitClosed() {
  await waitFor(() => expect(screen.queryByPlaceholderText('Search symbol...')).toBeNull());
}

afterEach(() => {
  window.localStorage.clear();
  jest.restoreAllMocks();
});

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
      '/icons/eth.svg',
    );
  });

  it('shows a monogram on the button for a selected pair without a logo', () => {
    renderPicker('NOSUCHCOINUSDT');
    const trigger = screen.getByRole('button');
    expect(within(trigger).getByRole('img', { name: 'NOSUCHCOIN' }).tagName).not.toBe('IMG');
    expect(trigger.querySelector('img')).toBeNull();
  });

  it("opens a search box 'Search symbol...' over the ten defaults first", async () => {
    const { user } = renderPicker('BTCUSDT');
    const search = await open(user);

    expect(search).toHaveFocus();
    expect(screen.getByRole('combobox', { name: 'Search symbol' })).toBe(search);
    expect(search).toHaveAttribute('aria-controls', screen.getByRole('listbox').id);
    // The open popover hides the rest of the page from assistive technology.
    expect(screen.getByRole('button', { expanded: true, hidden: true })).toHaveAttribute(
      'aria-controls',
      screen.getByRole('listbox').id,
    );
    expect(optionNames().slice(0, 10)).toEqual([...DEFAULT_SYMBOLS]);
    expect(screen.getByRole('option', { name: 'BTCUSDT' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('renders only the rows in view of 1,500, and others as the list scrolls', async () => {
    const { user } = renderPicker('BTCUSDT');
    await open(user);
    const rendered = optionNames().length;
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(40);
    expect(screen.getByRole('option', { name: 'BTCUSDT' })).toHaveAttribute('aria-setsize', '1500');

    const scroller = screen.getByRole('listbox').parentElement!.parentElement!;
    scroller.scrollTop = 36 * 1000;
    fireEvent.scroll(scroller);
    expect(optionNames()).not.toContain('ETHUSDT');
    expect(optionNames().length).toBeLessThan(40);
    // Row 1,001 of the list (the first one is BTCUSDT, position 1).
    const positions = screen.getAllByRole('option').map((o) => Number(o.ariaPosInSet));
    expect(positions).toContain(1001);
  });

  it('filters the list as the user types, ignoring case', async () => {
    const { user } = renderPicker('BTCUSDT');
    await user.type(await open(user), 'do');
    expect(optionNames()).toEqual(['DOGEUSDT', 'DOTUSDT']);
  });

  it('searches base and quote assets: exact base matches first, then pairs quoted in it', async () => {
    const { user } = renderPicker('BTCUSDT');
    await user.type(await open(user), 'btc');
    const names = optionNames();
    expect(names.slice(0, 2)).toEqual(['BTCUSDT', 'BTCFDUSD']);
    expect(names).toContain('ETHBTC');
  });

  it('searches full names where the icon set knows them', async () => {
    const { user } = renderPicker('BTCUSDT');
    await user.type(await open(user), 'Cardano');
    expect(optionNames()).toEqual(['ADAUSDT']);
  });

  it('finds a pair typed with a slash or a space', async () => {
    const { user } = renderPicker('BTCUSDT');
    await user.type(await open(user), 'eth/btc');
    expect(optionNames()[0]).toBe('ETHBTC');
  });

  it("says 'No symbol found.' when nothing matches", async () => {
    const { user } = renderPicker('BTCUSDT');
    await user.type(await open(user), 'xyzzy');
    expect(optionNames()).toEqual([]);
    expect(screen.getByText('No symbol found.')).toBeInTheDocument();
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('says the catalogue is loading while there is none', async () => {
    const { user } = renderPicker('BTCUSDT', { symbols: undefined });
    await open(user);
    expect(screen.getByRole('status')).toHaveTextContent('Loading symbols...');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('shows the quote asset only when it is not USDT, and a monogram for a base without logo', async () => {
    const { user } = renderPicker('BTCUSDT');
    const search = await open(user);
    expect(screen.getByRole('option', { name: 'BTCUSDT' })).toHaveTextContent(/^BTC$/);
    await user.type(search, 'ethbtc');
    expect(screen.getByRole('option', { name: 'ETHBTC' })).toHaveTextContent(/^ETH\/BTC$/);

    await user.clear(search);
    await user.type(search, 'nosuchcoin');
    const row = screen.getByRole('option', { name: 'NOSUCHCOINUSDT' });
    expect(within(row).getByRole('img', { name: 'NOSUCHCOIN' })).toHaveTextContent('NOS');
    expect(row.querySelector('img')).toBeNull();
  });

  it('reports a different symbol once and closes', async () => {
    const { user, onChange } = renderPicker('BTCUSDT');
    await open(user);
    await user.click(screen.getByRole('option', { name: 'LINKUSDT' }));

    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith('LINKUSDT');
    await waitClosed();
  });

  it('only closes when the selected symbol is chosen again', async () => {
    const { user, onChange } = renderPicker('BTCUSDT');
    await open(user);
    await user.click(screen.getByRole('option', { name: 'BTCUSDT' }));

    await waitClosed();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('picks the best match with Enter and closes on Escape without a change', async () => {
    const { user, onChange } = renderPicker('BTCUSDT');
    await user.type(await open(user), 'atom{Enter}');
    expect(onChange).toHaveBeenCalledWith('ATOMUSDT');

    await user.type(await open(user), '{Escape}');
    await waitClosed();
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('moves the active row with the arrows, PageDown, End and Home, and picks it with Enter', async () => {
    const { user, onChange } = renderPicker('BTCUSDT');
    await open(user);
    expect(activeOption()).toHaveAccessibleName('BTCUSDT');

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(activeOption()).toHaveAccessibleName('BNBUSDT');
    await user.keyboard('{ArrowUp}');
    expect(activeOption()).toHaveAccessibleName('ETHUSDT');

    await user.keyboard('{PageDown}');
    expect(activeOption()).toHaveAttribute('aria-posinset', '10');

    // The last of 1,500 rows: rendered (aria-activedescendant names an element) and in view.
    await user.keyboard('{End}');
    expect(activeOption()).toHaveAttribute('aria-posinset', '1500');
    const scroller = screen.getByRole('listbox').parentElement!.parentElement!;
    expect(scroller.scrollTop).toBe(1500 * 36 - 300);

    await user.keyboard('{Home}');
    expect(activeOption()).toHaveAccessibleName('BTCUSDT');
    expect(scroller.scrollTop).toBe(0);

    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenCalledWith('ETHUSDT');
    await waitClosed();
  });

  it('keeps favourites with a star, in the browser, and shows them first', async () => {
    const { user, onChange, view } = renderPicker('BTCUSDT');
    await user.type(await open(user), 'ethbtc');
    await user.click(screen.getByRole('button', { name: 'Add ETHBTC to favourites' }));

    // The star neither picks the row nor closes the list.
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Remove ETHBTC from favourites' })).toBeVisible();
    expect(JSON.parse(window.localStorage.getItem('pairwatch-symbols:favourites')!)).toEqual([
      'ETHBTC',
    ]);

    await user.keyboard('{Escape}');
    await waitClosed();
    view.unmount();
    // A new picker (another screen) finds it in storage.
    const again = renderPicker('BTCUSDT');
    await open(again.user);
    const favourites = screen.getByRole('group', { name: 'Favourites' });
    expect(
      within(favourites)
        .getAllByRole('option')
        .map((o) => o.ariaLabel),
    ).toEqual(['ETHBTC']);
    expect(optionNames()[0]).toBe('ETHBTC');
  });

  it('reaches the active row’s star with Tab and toggles it from the keyboard', async () => {
    const { user, onChange } = renderPicker('BTCUSDT');
    await open(user);
    await user.keyboard('{ArrowDown}');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Add ETHUSDT to favourites' })).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Remove ETHUSDT from favourites' })).toHaveFocus();
    expect(onChange).not.toHaveBeenCalled();

    // The arrows hand the focus back to the search box.
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('combobox')).toHaveFocus();
    expect(activeOption()).toHaveAccessibleName('BNBUSDT');
  });

  it('lists the last symbols picked under Recent, most recent first', async () => {
    const { user } = renderPicker('BTCUSDT');
    await user.type(await open(user), 'pepe{Enter}');
    await waitClosed();
    await user.type(await open(user), 'doge{Enter}');
    await waitClosed();
    await open(user);

    const recent = screen.getByRole('group', { name: 'Recent' });
    expect(
      within(recent)
        .getAllByRole('option')
        .map((o) => o.ariaLabel),
    ).toEqual(['DOGEUSDT', 'PEPEUSDT']);
    expect(screen.getByRole('group', { name: 'All symbols' })).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem('pairwatch-symbols:recent')!)).toEqual([
      'DOGEUSDT',
      'PEPEUSDT',
    ]);
  });

  it('still works when the browser refuses storage', async () => {
    jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const { user, onChange } = renderPicker('BTCUSDT');
    await user.type(await open(user), 'ethbtc');
    await user.click(screen.getByRole('button', { name: 'Add ETHBTC to favourites' }));
    expect(screen.getByRole('button', { name: 'Remove ETHBTC from favourites' })).toBeVisible();
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith('ETHBTC');
  });

  it('starts a new search each time it opens', async () => {
    const { user } = renderPicker('BTCUSDT');
    await user.type(await open(user), 'eth{Escape}');
    await waitClosed();
    expect(await open(user)).toHaveValue('');
  });

  it('is 180 px wide and its list at most 300 px high', async () => {
    const { user } = renderPicker('BTCUSDT');
    expect(screen.getByRole('button')).toHaveStyle({ width: '180px' });
    await open(user);

    const scroller = screen.getByRole('listbox').parentElement!.parentElement!;
    expect(scroller).toHaveStyle({ maxHeight: '300px', height: '300px' });
    expect(screen.getByRole('presentation').querySelector('.MuiPopover-paper')).toHaveStyle({
      width: '180px',
    });
  });

  it('reports the first pick when nothing was selected', async () => {
    const { user, onChange } = renderPicker(null);
    await open(user);
    expect(screen.getAllByRole('option').filter((o) => o.ariaSelected === 'true')).toEqual([]);
    await user.click(screen.getByRole('option', { name: 'ETHUSDT' }));
    expect(onChange).toHaveBeenCalledWith('ETHUSDT');
  });

  it('offers only the given symbols, the defaults among them in the spec’s order', async () => {
    const { user } = renderPicker(null, {
      symbols: CATALOGUE.filter((info) => ['UNIUSDT', 'ETHBTC', 'ADAUSDT'].includes(info.symbol)),
    });
    await open(user);
    expect(optionNames()).toEqual(['ADAUSDT', 'UNIUSDT', 'ETHBTC']);
  });

  it("says 'No symbol found.' for an empty catalogue", async () => {
    const { user } = renderPicker(null, { symbols: [] });
    await open(user);
    expect(screen.getByRole('status')).toHaveTextContent('No symbol found.');
  });

  it('does not open when disabled', async () => {
    renderPicker('BTCUSDT', { disabled: true });
    expect(screen.getByRole('button')).toBeDisabled();
    // Click through MUI's `pointer-events: none` to prove the button itself ignores it.
    await userEvent.setup({ pointerEventsCheck: 0 }).click(screen.getByRole('button'));
    expect(screen.queryByPlaceholderText('Search symbol...')).toBeNull();
  });
});
