import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { DEFAULT_SYMBOL_CATALOGUE, type Position } from '@pairwatch/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { type Observable, throwError } from 'rxjs';
import { POSITIONS_SETTINGS_KEY } from './settings/useNewPositionSymbol';
import { PositionStore } from './store/PositionStore';
import { createTestDatabase } from './test-support/createTestDatabase';
import { FakeMarket, testCandle } from './test-support/FakeMarket';
import { renderPositionsScreen } from './test-support/renderPositionsScreen';

const btcBuy = { symbol: 'BTCUSDT', side: 'Buy', amount: 0.5, price: 60000, tp: 66000 } as const;
const ethSell = { symbol: 'ETHUSDT', side: 'Sell', amount: 2, price: 3000, tp: 2700 } as const;

function openTable(): HTMLElement {
  return screen.getByRole('table', { name: 'Open positions' });
}

function endedTable(): HTMLElement {
  return screen.getByRole('table', { name: 'Ended positions' });
}

function row(table: HTMLElement, id: number): HTMLElement | null {
  return table.querySelector<HTMLElement>(`tr[data-position-id="${id}"]`);
}

async function findRow(table: () => HTMLElement, id: number): Promise<HTMLElement> {
  return waitFor(() => {
    const found = row(table(), id);
    if (!found) throw new Error(`position ${id} is not in the table`);
    return found;
  });
}

function cell(rowElement: HTMLElement, column: string): HTMLElement {
  return rowElement.querySelector<HTMLElement>(`[data-column="${column}"]`)!;
}

async function storeWith(...positions: Omit<Position, 'id'>[]): Promise<PositionStore> {
  const store = new PositionStore(createTestDatabase());
  for (const position of positions)
    await store.create(position as Parameters<PositionStore['create']>[0]);
  return store;
}

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  jest.restoreAllMocks();
});

describe('PositionsScreen', () => {
  it('shows both empty tables when there are no positions', async () => {
    renderPositionsScreen();
    expect(await screen.findByText('No open positions')).toBeInTheDocument();
    expect(screen.getByText('No ended positions')).toBeInTheDocument();
  });

  it('adds a position through the dialog, remembers the symbol and says so in a toast', async () => {
    const user = userEvent.setup({ delay: null });
    const { store } = renderPositionsScreen();
    await user.click(screen.getByRole('button', { name: 'Add position' }));
    await user.click(screen.getByRole('button', { name: 'Symbol' }));
    await user.click(await screen.findByRole('option', { name: /ETHUSDT/ }));
    await user.click(screen.getByRole('button', { name: 'Sell' }));
    await user.type(screen.getByLabelText('Amount'), '2');
    await user.type(screen.getByLabelText('Entry Price'), '3000');
    await user.type(screen.getByLabelText('Take Profit'), '2700');
    await user.click(screen.getByRole('button', { name: 'Add Position' }));

    expect(await screen.findByText('Position added.')).toBeInTheDocument();
    const added = await findRow(openTable, 1);
    expect(added).toHaveTextContent('ETHUSDTSell2.0000 ETH3,000.00 / -');
    expect(await store.list()).toEqual([{ id: 1, ...ethSell }]);
    expect(JSON.parse(localStorage.getItem(POSITIONS_SETTINGS_KEY)!)).toEqual({
      state: { newPositionSymbol: 'ETHUSDT' },
      version: 0,
    });

    await user.click(screen.getByRole('button', { name: 'Add position' }));
    expect(screen.getByRole('button', { name: 'Symbol' })).toHaveTextContent('ETHUSDT');
  });

  it('starts a new position on BTCUSDT when nothing is remembered', async () => {
    const user = userEvent.setup({ delay: null });
    renderPositionsScreen();
    await user.click(screen.getByRole('button', { name: 'Add position' }));
    expect(screen.getByRole('button', { name: 'Symbol' })).toHaveTextContent('BTCUSDT');
  });

  it('subscribes once for all open symbols on the 1-minute interval and again when the set changes', async () => {
    const store = await storeWith(btcBuy, ethSell, { ...btcBuy, amount: 1 });
    const { market } = renderPositionsScreen({ store });
    await findRow(openTable, 3);
    await waitFor(() =>
      expect(market.activeSubscriptions()).toEqual([
        { symbols: ['BTCUSDT', 'ETHUSDT'], intervals: ['OneMinute'] },
      ]),
    );
    await act(() => store.delete(2));
    await waitFor(() =>
      expect(market.activeSubscriptions()).toEqual([
        { symbols: ['BTCUSDT'], intervals: ['OneMinute'] },
      ]),
    );
    await act(() => store.create({ ...btcBuy, amount: 2 }).then(() => undefined));
    await waitFor(() => expect(row(openTable(), 4)).not.toBeNull());
    expect(market.subscriptions).toHaveLength(2);
  });

  it('shows the last 1-minute close read by REST until live updates arrive, then follows them', async () => {
    const market = new FakeMarket();
    market.lastCandles.set('BTCUSDT', testCandle(60, 61000));
    const store = await storeWith(btcBuy);
    renderPositionsScreen({ store, market });
    const buy = await findRow(openTable, 1);
    await waitFor(() => expect(cell(buy, 'pnl')).toHaveTextContent('+500.00 USDT (+1.67%)'));
    expect(market.candleRequests).toEqual([
      { symbol: 'BTCUSDT', interval: 'OneMinute', options: { limit: 1 } },
    ]);

    act(() => market.emit('BTCUSDT', testCandle(120, 59000)));
    expect(cell(buy, 'prices')).toHaveTextContent('60,000.00 / 59,000.00');
    expect(cell(buy, 'pnl')).toHaveTextContent('-500.00 USDT (-1.67%)');
  });

  it('moves unrealized PnL of Buy and Sell positions with the live price', async () => {
    const store = await storeWith(btcBuy, ethSell);
    const { market } = renderPositionsScreen({ store });
    const buy = await findRow(openTable, 1);
    const sell = await findRow(openTable, 2);
    expect(cell(buy, 'pnl')).toHaveTextContent(/^-$/);
    await waitFor(() => expect(market.activeSubscriptions()).toHaveLength(1));

    act(() => {
      market.emit('BTCUSDT', testCandle(60, 62000));
      market.emit('ETHUSDT', testCandle(60, 2900));
    });
    expect(cell(buy, 'pnl')).toHaveTextContent('+1,000.00 USDT (+3.33%)');
    expect(cell(sell, 'pnl')).toHaveTextContent('+200.00 USDT (+3.33%)');

    act(() => market.emit('ETHUSDT', testCandle(60, 3150)));
    expect(cell(sell, 'pnl')).toHaveTextContent('-300.00 USDT (-5.00%)');
  });

  it('fills a position at its take profit when the live price reaches it', async () => {
    const store = await storeWith(btcBuy, ethSell);
    const { market } = renderPositionsScreen({ store });
    await findRow(openTable, 2);
    await waitFor(() => expect(market.activeSubscriptions()).toHaveLength(1));

    // Candles of the minutes after this one: wholly after the positions were first watched.
    const next = (Math.floor(Date.now() / 60_000) + 1) * 60;
    act(() => market.emit('ETHUSDT', testCandle(next, 2900)));
    act(() => market.emit('ETHUSDT', testCandle(next + 60, 2750, { low: 2690, high: 2800 })));

    expect(
      await screen.findByText('Take profit reached: ETHUSDT Sell filled at 2,700.00.'),
    ).toBeInTheDocument();
    const filled = await findRow(endedTable, 2);
    expect(filled).toHaveTextContent('Filled');
    expect(cell(filled, 'end-price')).toHaveTextContent('2,700.00 / 2,700.00');
    expect(cell(filled, 'pnl')).toHaveTextContent('+600.00 USDT (+10.00%)');
    expect(row(openTable(), 2)).toBeNull();
    expect((await store.list()).find((p) => p.id === 1)?.endReason).toBeUndefined();
  });

  it('closes a position at the current price with end reason Closed', async () => {
    const user = userEvent.setup({ delay: null });
    const store = await storeWith(btcBuy);
    const { market } = renderPositionsScreen({ store });
    const buy = await findRow(openTable, 1);
    await waitFor(() => expect(market.activeSubscriptions()).toHaveLength(1));
    act(() => market.emit('BTCUSDT', testCandle(60, 61234.5)));

    await user.click(within(buy).getByRole('button', { name: 'Close position' }));
    const dialog = screen.getByRole('dialog', { name: 'Close position' });
    expect(within(dialog).getByLabelText('Close Price')).toHaveValue('61234.5');
    await user.click(within(dialog).getByRole('button', { name: 'Close Position' }));

    expect(await screen.findByText('Position closed.')).toBeInTheDocument();
    const closed = await findRow(endedTable, 1);
    expect(closed).toHaveTextContent('Closed');
    expect(cell(closed, 'pnl')).toHaveTextContent('+617.25 USDT (+2.06%)');
  });

  it('closes a position at a typed price and checks it like the form does', async () => {
    const user = userEvent.setup({ delay: null });
    const store = await storeWith(ethSell);
    renderPositionsScreen({ store });
    await user.click(
      within(await findRow(openTable, 1)).getByRole('button', { name: 'Close position' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Close position' });
    const price = within(dialog).getByLabelText('Close Price');
    expect(price).toHaveValue('');
    await user.click(within(dialog).getByRole('button', { name: 'Close Position' }));
    expect(await within(dialog).findByText('Price is required')).toBeInTheDocument();
    await user.type(price, '3100');
    await user.click(within(dialog).getByRole('button', { name: 'Close Position' }));
    await findRow(endedTable, 1);
    expect(await store.list()).toEqual([
      { id: 1, ...ethSell, endReason: 'Closed', endPrice: 3100 },
    ]);
  });

  it('edits amount, entry price and take profit of an open position', async () => {
    const user = userEvent.setup({ delay: null });
    const store = await storeWith(btcBuy);
    renderPositionsScreen({ store });
    await user.click(
      within(await findRow(openTable, 1)).getByRole('button', { name: 'Edit position' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Edit position' });
    expect(within(dialog).getByLabelText('Amount')).toHaveValue('0.5');
    await user.clear(within(dialog).getByLabelText('Take Profit'));
    await user.type(within(dialog).getByLabelText('Take Profit'), '70000');
    await user.clear(within(dialog).getByLabelText('Amount'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Amount is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Amount'), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Position updated.')).toBeInTheDocument();
    await waitFor(() =>
      expect(cell(row(openTable(), 1)!, 'tp')).toHaveTextContent(
        '70,000.00 +10,000.00 USDT (+16.67%)',
      ),
    );
    expect(await store.list()).toEqual([{ id: 1, ...btcBuy, amount: 1, tp: 70000 }]);
  });

  it("shows 'Position not found' when the position was deleted in another tab meanwhile", async () => {
    const user = userEvent.setup({ delay: null });
    const store = await storeWith(btcBuy);
    renderPositionsScreen({ store });
    await user.click(
      within(await findRow(openTable, 1)).getByRole('button', { name: 'Edit position' }),
    );
    await act(() => store.delete(1));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Position not found')).toBeInTheDocument();
  });

  it('deletes open and ended positions', async () => {
    const user = userEvent.setup({ delay: null });
    const store = await storeWith(btcBuy, ethSell);
    await store.close(2, 2950);
    renderPositionsScreen({ store });
    await user.click(
      within(await findRow(endedTable, 2)).getByRole('button', { name: 'Delete position' }),
    );
    await user.click(
      within(await findRow(openTable, 1)).getByRole('button', { name: 'Delete position' }),
    );
    expect(await screen.findByText('No open positions')).toBeInTheDocument();
    expect(await screen.findByText('No ended positions')).toBeInTheDocument();
    expect(await store.list()).toEqual([]);
  });

  it('puts a deleted position back, ended or open, when Undo is pressed in the toast', async () => {
    const user = userEvent.setup({ delay: null });
    const store = await storeWith(btcBuy, ethSell);
    const ended = await store.close(2, 2950);
    renderPositionsScreen({ store });
    await user.click(
      within(await findRow(endedTable, 2)).getByRole('button', { name: 'Delete position' }),
    );
    expect(await screen.findByText('Position deleted.')).toBeInTheDocument();
    await waitFor(() => expect(row(endedTable(), 2)).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await findRow(endedTable, 2)).toHaveTextContent('Closed');
    expect(await screen.findByText('Position restored.')).toBeInTheDocument();
    expect(await store.list()).toEqual([{ id: 1, ...btcBuy }, ended]);
  });

  it("shows the chosen symbol's current price in Add position and fills the entry with it", async () => {
    const user = userEvent.setup({ delay: null });
    const market = new FakeMarket();
    market.lastCandles.set('ETHUSDT', testCandle(60, 2988.92));
    renderPositionsScreen({ market });
    await screen.findByText('No open positions');
    expect(market.activeSubscriptions()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Add position' }));
    await user.click(screen.getByRole('button', { name: 'Symbol' }));
    await user.click(await screen.findByRole('option', { name: /ETHUSDT/ }));
    await waitFor(() =>
      expect(screen.getByTestId('add-position-current-price')).toHaveTextContent('2,988.92'),
    );
    expect(market.activeSubscriptions()).toEqual([
      { symbols: ['ETHUSDT'], intervals: ['OneMinute'] },
    ]);
    act(() => market.emit('ETHUSDT', testCandle(120, 3001.5)));
    expect(screen.getByTestId('add-position-current-price')).toHaveTextContent('3,001.50');
    await user.click(screen.getByRole('button', { name: 'Use current price' }));
    expect(screen.getByLabelText('Entry Price')).toHaveValue('3,001.50');

    // Closing the dialog stops pricing a symbol no position holds.
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(market.activeSubscriptions()).toEqual([]));
  });

  it('shows a failed read of the stored positions in an error toast and then follows the store again', async () => {
    // Dexie ends a live query at its first error; the screen must subscribe again by itself.
    class StoreFailingOnce extends PositionStore {
      private failed = false;
      override positions$(): Observable<Position[]> {
        if (this.failed) return super.positions$();
        this.failed = true;
        return throwError(() => new Error('Database has been closed'));
      }
    }
    const store = new StoreFailingOnce(createTestDatabase());
    await store.create(btcBuy);
    renderPositionsScreen({ store });
    expect(await screen.findByText('Database has been closed')).toBeInTheDocument();
    expect(row(openTable(), 1)).toBeNull();

    await findRow(openTable, 1);
    await act(() => store.create(ethSell).then(() => undefined));
    await findRow(openTable, 2);
  });

  it("tracks a position on any listed pair, its PnL in the pair's quote asset and precision", async () => {
    const market = new FakeMarket();
    market.catalogue = [
      ...Object.values(DEFAULT_SYMBOL_CATALOGUE),
      {
        symbol: 'ETHBTC',
        baseAsset: 'ETH',
        quoteAsset: 'BTC',
        priceFormat: { precision: 5, minMove: 0.00001 },
        quantityFormat: { precision: 4, minMove: 0.0001 },
      },
    ];
    market.lastCandles.set('ETHBTC', testCandle(60, 0.052));
    const store = await storeWith({
      symbol: 'ETHBTC',
      side: 'Buy',
      amount: 2,
      price: 0.05,
      tp: 0.06,
    });
    renderPositionsScreen({ store, market });
    const buy = await findRow(openTable, 1);
    await waitFor(() => expect(cell(buy, 'pnl')).toHaveTextContent('+0.00400 BTC (+4.00%)'));
    expect(cell(buy, 'prices')).toHaveTextContent('0.05000 / 0.05200');
  });

  it('uses the catalogue formats once they load, and the defaults when the call fails', async () => {
    const market = new FakeMarket();
    market.catalogue = [
      { ...DEFAULT_SYMBOL_CATALOGUE.BTCUSDT, priceFormat: { precision: 1, minMove: 0.1 } },
    ];
    const store = await storeWith(btcBuy);
    const first = renderPositionsScreen({ store, market });
    await waitFor(() =>
      expect(cell(row(openTable(), 1)!, 'prices')).toHaveTextContent('60,000.0 / -'),
    );
    first.unmount();

    const failing = new FakeMarket();
    failing.catalogue = new Error('An error occurred while fetching symbols info.');
    renderPositionsScreen({ store, market: failing });
    expect(
      await screen.findByText('An error occurred while fetching symbols info.'),
    ).toBeInTheDocument();
    expect(cell(await findRow(openTable, 1), 'prices')).toHaveTextContent('60,000.00 / -');
  });

  describe('export and import', () => {
    function stubDownloads(): { blobs: Blob[]; names: string[] } {
      const captured = { blobs: [] as Blob[], names: [] as string[] };
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => {
          captured.blobs.push(blob);
          return 'blob:positions';
        },
        revokeObjectURL: () => undefined,
      });
      jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
        this: HTMLAnchorElement,
      ) {
        captured.names.push(this.download);
      });
      return captured;
    }

    async function chooseFile(text: string, name = 'positions.json'): Promise<void> {
      const input = screen.getByTestId('positions-import-file') as HTMLInputElement;
      await userEvent.upload(input, new File([text], name, { type: 'application/json' }));
    }

    it('exports every position to a versioned JSON file and imports it back', async () => {
      const user = userEvent.setup({ delay: null });
      const downloads = stubDownloads();
      const store = await storeWith(btcBuy, ethSell);
      await store.close(2, 2950);
      const before = await store.list();
      renderPositionsScreen({ store });
      await findRow(endedTable, 2);

      await user.click(screen.getByRole('button', { name: 'Export' }));
      expect(await screen.findByText('Exported 2 positions.')).toBeInTheDocument();
      expect(downloads.names).toEqual([
        expect.stringMatching(/^pairwatch-positions-\d{4}-\d{2}-\d{2}\.json$/),
      ]);
      const file = JSON.parse(await downloads.blobs[0]!.text());
      expect(file).toMatchObject({ format: 'pairwatch.positions', version: 1, positions: before });

      await act(() => store.replaceAll([{ id: 9, ...btcBuy }]));
      await findRow(openTable, 9);
      await chooseFile(JSON.stringify(file));
      const dialog = await screen.findByRole('dialog', { name: 'Import positions' });
      expect(dialog).toHaveTextContent(
        'positions.json holds 2 positions. They will replace the 1 position stored',
      );
      await user.click(within(dialog).getByRole('button', { name: 'Replace' }));

      expect(await screen.findByText('Imported 2 positions.')).toBeInTheDocument();
      await findRow(endedTable, 2);
      expect(await store.list()).toEqual(before);
    });

    it('refuses a file over 5 MB without reading it, with the reason in an error toast', async () => {
      const store = await storeWith(btcBuy);
      renderPositionsScreen({ store });
      await findRow(openTable, 1);
      // A valid export, padded past the limit: only its size may refuse it.
      const valid = JSON.stringify({
        format: 'pairwatch.positions',
        version: 1,
        exportedAt: '2025-01-01T00:00:00.000Z',
        positions: [{ id: 1, ...ethSell }],
      });
      const limit = 5 * 1024 * 1024;
      const text = jest.spyOn(Blob.prototype, 'text');
      await chooseFile(valid.padEnd(limit + 1, ' '), 'huge.json');
      expect(
        await screen.findByText(
          'Import failed: huge.json is too large (5,242,881 bytes; the limit is 5 MB)',
        ),
      ).toBeInTheDocument();
      expect(text).not.toHaveBeenCalled();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(await store.list()).toEqual([{ id: 1, ...btcBuy }]);
    });

    it('rejects a bad file with the reason in an error toast and changes nothing', async () => {
      const store = await storeWith(btcBuy);
      renderPositionsScreen({ store });
      await findRow(openTable, 1);
      const bad = JSON.stringify({
        format: 'pairwatch.positions',
        version: 1,
        exportedAt: '2025-01-01T00:00:00.000Z',
        positions: [{ id: 1, ...ethSell, amount: 0 }],
      });
      await chooseFile(bad);
      expect(
        await screen.findByText('Import failed: Position 1: Amount must be a positive number'),
      ).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(await store.list()).toEqual([{ id: 1, ...btcBuy }]);
    });
  });
});
