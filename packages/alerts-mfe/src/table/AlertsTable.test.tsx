import { describe, expect, it, jest } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Alert, SYMBOL_CATALOGUE } from '@pairwatch/domain';
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

function setup(alerts: readonly Alert[], overrides: Partial<AlertsTableProps> = {}) {
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
      'Delete',
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

  it("formats the selected symbol's prices with its live symbol info, others with the catalogue", () => {
    const live = { ...SYMBOL_CATALOGUE.BTCUSDT, priceFormat: { precision: 4, minMove: 0.0001 } };
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
});
