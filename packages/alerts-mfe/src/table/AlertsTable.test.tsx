import { describe, expect, it, jest } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_SYMBOL_CATALOGUE } from '@pairwatch/domain';
import { type AlertEntry } from '../alerts/AlertEntry';
import { anAlert } from '../test-support/alerts';
import { renderWithProviders } from '../test-support/renderWithProviders';
import { AlertsTable, type AlertsTableProps } from './AlertsTable';

const older = anAlert({ id: 'older', symbol: 'BTCUSDT', createdAt: '2025-01-01T10:00:00Z' });
const newest = anAlert({
  id: 'newest',
  symbol: 'ETHUSDT',
  type: 'Rsi',
  interval: 'OneHour',
  valueOnCreation: 55.123,
  valueTarget: 30,
  createdAt: '2025-03-01T10:00:00Z',
});
const middle = anAlert({
  id: 'middle',
  symbol: 'ADAUSDT',
  valueTarget: 0.5,
  createdAt: '2025-02-01T10:00:00Z',
});

function setup(alerts: readonly AlertEntry[], overrides: Partial<AlertsTableProps> = {}) {
  const onSelect = jest.fn();
  const onDelete = jest.fn();
  renderWithProviders(
    <AlertsTable
      alerts={alerts}
      selectedSymbol="BTCUSDT"
      onSelect={onSelect}
      onDelete={onDelete}
      {...overrides}
    />,
  );
  return { onSelect, onDelete, user: userEvent.setup() };
}

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('AlertsTable', () => {
  it('has the spec columns under the Your alerts heading', () => {
    setup([older]);
    expect(screen.getByRole('heading', { name: 'Your alerts' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Ticker',
      'Type',
      'Value On Creation',
      'Value Target',
      'Status',
      'Actions',
    ]);
  });

  it('lists alerts newest first by createdAt', () => {
    setup([older, newest, middle]);
    expect(bodyRows().map((row) => row.getAttribute('data-testid'))).toEqual([
      'alert-row-newest',
      'alert-row-middle',
      'alert-row-older',
    ]);
  });

  it("shows 'No alerts' when there are none", () => {
    setup([]);
    expect(bodyRows()).toHaveLength(1);
    expect(screen.getByText('No alerts')).toBeInTheDocument();
  });

  it("hides other symbols' alerts when the box is checked", async () => {
    const { user } = setup([older, newest, middle]);
    await user.click(screen.getByRole('checkbox', { name: 'Hide other symbols alerts' }));
    expect(bodyRows().map((row) => row.getAttribute('data-testid'))).toEqual(['alert-row-older']);
    await user.click(screen.getByRole('checkbox', { name: 'Hide other symbols alerts' }));
    expect(bodyRows()).toHaveLength(3);
  });

  it("shows 'No alerts' when the filter leaves nothing", async () => {
    const { user } = setup([newest]);
    await user.click(screen.getByRole('checkbox', { name: 'Hide other symbols alerts' }));
    expect(screen.getByText('No alerts')).toBeInTheDocument();
  });

  it('formats prices with the symbol precision and quote asset, RSI values with 2 decimals', () => {
    setup([older, newest]);
    const price = within(screen.getByTestId('alert-row-older'));
    expect(price.getByText('Price Alert')).toBeInTheDocument();
    expect(price.getByText('60,000.00 USDT')).toBeInTheDocument();
    expect(price.getByText('65,000.00 USDT')).toBeInTheDocument();
    const rsi = within(screen.getByTestId('alert-row-newest'));
    expect(rsi.getByText('55.12')).toBeInTheDocument();
    expect(rsi.getByText('30.00')).toBeInTheDocument();
  });

  it("formats another pair's prices in its catalogue precision and quote asset, with a monogram", () => {
    const ethbtc = anAlert({
      id: 'eb',
      symbol: 'ETHBTC',
      valueOnCreation: 0.05,
      valueTarget: 0.05123,
    });
    const zzz = anAlert({ id: 'zz', symbol: 'ZZZUSDT', valueOnCreation: 0.5, valueTarget: 0.6 });
    setup([ethbtc, zzz], {
      catalogue: [
        {
          symbol: 'ETHBTC',
          baseAsset: 'ETH',
          quoteAsset: 'BTC',
          priceFormat: { precision: 5, minMove: 0.00001 },
          quantityFormat: { precision: 4, minMove: 0.0001 },
        },
        {
          symbol: 'ZZZUSDT',
          baseAsset: 'ZZZ',
          quoteAsset: 'USDT',
          priceFormat: { precision: 4, minMove: 0.0001 },
          quantityFormat: { precision: 0, minMove: 1 },
        },
      ],
    });
    const row = within(screen.getByTestId('alert-row-eb'));
    expect(row.getByText('0.05000 BTC')).toBeInTheDocument();
    expect(row.getByText('0.05123 BTC')).toBeInTheDocument();
    const other = within(screen.getByTestId('alert-row-zz'));
    expect(other.getByText('0.6000 USDT')).toBeInTheDocument();
    // No logo is bundled for ZZZ: no image is requested for it.
    expect(screen.getByTestId('alert-row-zz').querySelector('img')).toBeNull();
  });

  it("formats the selected symbol's prices with its live symbol info, others with the catalogue", () => {
    const live = {
      ...DEFAULT_SYMBOL_CATALOGUE.BTCUSDT,
      priceFormat: { precision: 4, minMove: 0.0001 },
    };
    setup([older, middle], { symbolInfo: live });
    const btc = within(screen.getByTestId('alert-row-older'));
    expect(btc.getByText('65,000.0000 USDT')).toBeInTheDocument();
    expect(
      within(screen.getByTestId('alert-row-middle')).getByText('0.5000 USDT'),
    ).toBeInTheDocument();
  });

  it('shows just the ticker in the Ticker cell and the type, with the RSI interval, in the Type cell', () => {
    setup([older, newest]);
    const cells = (id: string) =>
      within(screen.getByTestId(id))
        .getAllByRole('cell')
        .slice(0, 2)
        .map((cell) => cell.textContent);
    expect(cells('alert-row-older')).toEqual(['BTCUSDT', 'Price Alert']);
    expect(cells('alert-row-newest')).toEqual(['ETHUSDT', 'RSI Alert (1h)']);
    expect(screen.getByRole('button', { name: 'ETHUSDT' })).toBeInTheDocument();
  });

  it('shows when and at what value a triggered alert fired', () => {
    const triggered = anAlert({
      id: 't',
      status: 'Triggered',
      triggeredAt: '2025-01-02T12:00:00Z',
      triggeredValue: 65010.5,
    });
    setup([triggered]);
    const row = within(screen.getByTestId('alert-row-t'));
    expect(row.getByText('Triggered')).toBeInTheDocument();
    expect(
      row.getByText(`${new Date('2025-01-02T12:00:00Z').toLocaleString()} at 65,010.50 USDT`),
    ).toBeInTheDocument();
  });

  it('selects the RSI alert symbol with its interval on a ticker click', async () => {
    const { onSelect, user } = setup([newest]);
    await user.click(screen.getByRole('button', { name: 'ETHUSDT' }));
    expect(onSelect).toHaveBeenCalledWith('ETHUSDT', 'OneHour');
  });

  it('selects the price alert symbol with the one-minute interval on a ticker click', async () => {
    const { onSelect, user } = setup([middle]);
    await user.click(screen.getByRole('button', { name: 'ADAUSDT' }));
    expect(onSelect).toHaveBeenCalledWith('ADAUSDT', 'OneMinute');
  });

  it('asks to delete the alert of the row', async () => {
    const { onDelete, user } = setup([older, middle]);
    await user.click(screen.getByRole('button', { name: 'Delete ADAUSDT Price Alert' }));
    expect(onDelete).toHaveBeenCalledWith(middle);
  });

  it('disables the delete button of an alert being deleted', () => {
    setup([older], { deleting: new Set(['alert-1', 'older']) });
    expect(screen.getByRole('button', { name: 'Delete BTCUSDT Price Alert' })).toBeDisabled();
  });

  describe('conditions', () => {
    it('says what the alert watches and how often, under its target', () => {
      setup([
        anAlert({
          id: 'c',
          condition: 'EnteringChannel',
          valueTarget: 60_000,
          valueUpper: 62_000,
          frequency: 'OncePerBar',
        }),
      ]);
      const row = within(screen.getByTestId('alert-row-c'));
      expect(row.getByText('60,000.00–62,000.00 USDT')).toBeInTheDocument();
      // The levels once, in the target; the condition's name under them.
      expect(row.getByText('Entering channel')).toBeInTheDocument();
      expect(row.getByText('Once per bar')).toBeInTheDocument();
    });

    it('describes a percent move in full under its percent', () => {
      setup([anAlert({ id: 'm', condition: 'MovingUpPercent', valueTarget: 5, bars: 12 })]);
      const row = within(screen.getByTestId('alert-row-m'));
      expect(row.getByText('5 %')).toBeInTheDocument();
      expect(row.getByText('Moving up 5 % in 12 bars')).toBeInTheDocument();
    });

    it('says how often a repeating alert fired and when it last did', () => {
      setup([
        anAlert({
          id: 'r',
          frequency: 'OncePerMinute',
          triggerCount: 3,
          lastTriggeredAt: '2025-01-02T12:00:00Z',
          triggeredValue: 65_010.5,
        }),
      ]);
      const row = within(screen.getByTestId('alert-row-r'));
      expect(row.getByText('Active')).toBeInTheDocument();
      expect(row.getByText('Fired 3 times')).toBeInTheDocument();
      expect(
        row.getByText(`${new Date('2025-01-02T12:00:00Z').toLocaleString()} at 65,010.50 USDT`),
      ).toBeInTheDocument();
    });

    it('shows the expiry with the frequency, and a long message cut with the whole as tooltip', () => {
      const message = `Sell half ${'and wait '.repeat(10)}`.trim();
      setup([anAlert({ id: 'm', expiresAt: '2030-01-01T00:00:00Z', message })]);
      const row = within(screen.getByTestId('alert-row-m'));
      expect(
        row.getByText(`Only once, until ${new Date('2030-01-01T00:00:00Z').toLocaleString()}`),
      ).toBeInTheDocument();
      const shown = row.getByTitle(message);
      expect(shown.textContent).toMatch(/^“Sell half and wait .*…”$/);
      expect(shown.textContent!.length).toBeLessThanOrEqual(62);
    });

    it('greys out an expired alert, which still says Expired and can be deleted', () => {
      setup([anAlert({ id: 'x', status: 'Expired' })]);
      const row = screen.getByTestId('alert-row-x');
      expect(row).toHaveAttribute('data-status', 'Expired');
      expect(within(row).getByText('Expired')).toBeInTheDocument();
      expect(getComputedStyle(row).opacity).toBe('0.75');
      expect(screen.getByRole('button', { name: 'Delete BTCUSDT Price Alert' })).toBeEnabled();
      const active = anAlert({ id: 'y' });
      setup([active]);
      expect(getComputedStyle(screen.getByTestId('alert-row-y')).opacity).toBe('');
    });

    it('greys out an alert whose pair stopped trading, and says so', () => {
      setup([anAlert({ id: 'h', symbol: 'ETHBTC', status: 'Halted' })]);
      const row = screen.getByTestId('alert-row-h');
      expect(row).toHaveAttribute('data-status', 'Halted');
      expect(within(row).getByText('Halted')).toBeInTheDocument();
      expect(within(row).getByText('ETHBTC stopped trading')).toBeInTheDocument();
      expect(getComputedStyle(row).opacity).toBe('0.75');
    });
  });

  describe('an alert the page cannot read', () => {
    const unreadable: AlertEntry = {
      kind: 'unreadable',
      id: 'new-1',
      symbol: 'XRPUSDT',
      createdAt: '2025-02-15T10:00:00Z',
      problem: 'bad symbol',
    };

    it('is a row that says so, among the others, with its symbol and id', () => {
      setup([older, unreadable, newest]);
      expect(bodyRows().map((row) => row.getAttribute('data-testid'))).toEqual([
        'alert-row-newest',
        'alert-row-new-1',
        'alert-row-older',
      ]);
      const row = within(screen.getByTestId('alert-row-new-1'));
      expect(row.getByText('XRPUSDT')).toBeInTheDocument();
      expect(row.getByText('This alert needs a newer version of Pairwatch')).toBeInTheDocument();
      expect(row.getByText('Alert new-1')).toBeInTheDocument();
    });

    it('can be deleted when it has an id', async () => {
      const { onDelete, user } = setup([unreadable]);
      await user.click(screen.getByRole('button', { name: 'Delete XRPUSDT new-1' }));
      expect(onDelete).toHaveBeenCalledWith(unreadable);
    });

    it('has no delete button without an id, and goes last without a date', () => {
      setup([{ ...unreadable, id: undefined, symbol: undefined, createdAt: undefined }, older]);
      expect(bodyRows().map((row) => row.getAttribute('data-testid'))).toEqual([
        'alert-row-older',
        'alert-row-unreadable',
      ]);
      const row = within(screen.getByTestId('alert-row-unreadable'));
      expect(row.queryByRole('button')).not.toBeInTheDocument();
      expect(row.getByText('This alert needs a newer version of Pairwatch')).toBeInTheDocument();
    });
  });
});
