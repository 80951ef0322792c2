import { describe, expect, it, jest } from '@jest/globals';
import { DEFAULT_SYMBOL_CATALOGUE, guessSymbolInfo, type SymbolId } from '@pairwatch/domain';
import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { type NewPosition } from '../store/PositionStore';
import { PositionFormDialog } from './PositionFormDialog';

function renderDialog(
  overrides: {
    symbol?: SymbolId;
    onSubmit?: (p: NewPosition) => Promise<void>;
    prices?: ReadonlyMap<SymbolId, number>;
  } = {},
) {
  const onSubmit = jest.fn(overrides.onSubmit ?? (async (_position: NewPosition) => undefined));
  const onClose = jest.fn();
  const onSymbolChange = jest.fn();
  render(
    <PositionFormDialog
      symbol={overrides.symbol ?? 'BTCUSDT'}
      onSymbolChange={onSymbolChange}
      prices={overrides.prices ?? new Map()}
      symbolInfo={(symbol) => guessSymbolInfo(symbol)}
      catalogue={Object.values(DEFAULT_SYMBOL_CATALOGUE)}
      onSubmit={onSubmit}
      onClose={onClose}
    />,
  );
  return { onSubmit, onClose, onSymbolChange, user: userEvent.setup({ delay: null }) };
}

describe('PositionFormDialog', () => {
  it('has the fields of the spec and an Add Position button', () => {
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Add position' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buy' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Sell' })).toHaveAttribute('aria-pressed', 'false');
    for (const label of ['Amount', 'Entry Price', 'Take Profit']) {
      expect(screen.getByLabelText(label)).toHaveValue('');
    }
    expect(screen.getByRole('button', { name: 'Add Position' })).toBeEnabled();
  });

  it("shows the spec's 'required' messages word for word and submits nothing", async () => {
    const { onSubmit, user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Add Position' }));
    expect(await screen.findByText('Amount is required')).toBeInTheDocument();
    expect(screen.getByText('Price is required')).toBeInTheDocument();
    expect(screen.getByText('Take profit is required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('says nothing of an empty Amount left to pick a symbol first, until a submit', async () => {
    const { user } = renderDialog();
    expect(screen.getByLabelText('Amount')).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Symbol' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByText('Amount is required')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Position' }));
    expect(await screen.findByText('Amount is required')).toBeInTheDocument();
  });

  it("shows the spec's 'positive number' messages as the user types", async () => {
    const { onSubmit, user } = renderDialog();
    await user.type(screen.getByLabelText('Amount'), 'abc');
    await user.type(screen.getByLabelText('Entry Price'), '0');
    await user.type(screen.getByLabelText('Take Profit'), '-5');
    expect(await screen.findByText('Amount must be a positive number')).toBeInTheDocument();
    expect(screen.getByText('Price must be a positive number')).toBeInTheDocument();
    expect(screen.getByText('Take profit must be a positive number')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Position' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('clears a message once the value is valid', async () => {
    const { user } = renderDialog();
    const amount = screen.getByLabelText('Amount');
    await user.type(amount, 'x');
    expect(await screen.findByText('Amount must be a positive number')).toBeInTheDocument();
    await user.clear(amount);
    expect(await screen.findByText('Amount is required')).toBeInTheDocument();
    await user.type(amount, '1.5');
    await waitFor(() => expect(screen.queryByText(/Amount (is|must)/)).not.toBeInTheDocument());
  });

  it('submits numbers with the chosen symbol and side, then closes', async () => {
    const { onSubmit, onClose, user } = renderDialog({ symbol: 'ETHUSDT' });
    await user.click(screen.getByRole('button', { name: 'Sell' }));
    await user.type(screen.getByLabelText('Amount'), '2');
    await user.type(screen.getByLabelText('Entry Price'), '3000.5');
    await user.type(screen.getByLabelText('Take Profit'), '2700');
    await user.click(screen.getByRole('button', { name: 'Add Position' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith({
      symbol: 'ETHUSDT',
      side: 'Sell',
      amount: 2,
      price: 3000.5,
      tp: 2700,
    });
  });

  it.each([
    ['Buy', '90', 'Take profit must be above the entry price for a Buy'],
    ['Sell', '110', 'Take profit must be below the entry price for a Sell'],
  ])(
    'refuses a %s take-profit on the losing side (%s for an entry of 100)',
    async (side, tp, message) => {
      const { onSubmit, user } = renderDialog();
      await user.click(screen.getByRole('button', { name: side }));
      await user.type(screen.getByLabelText('Amount'), '1');
      await user.type(screen.getByLabelText('Entry Price'), '100');
      await user.type(screen.getByLabelText('Take Profit'), tp);
      await user.click(screen.getByRole('button', { name: 'Add Position' }));
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(onSubmit).not.toHaveBeenCalled();
    },
  );

  it('stays open with the values when storing fails', async () => {
    const { onClose, user } = renderDialog({
      onSubmit: async () => {
        throw new Error('disk full');
      },
    });
    await user.type(screen.getByLabelText('Amount'), '1');
    await user.type(screen.getByLabelText('Entry Price'), '100');
    await user.type(screen.getByLabelText('Take Profit'), '110');
    await user.click(screen.getByRole('button', { name: 'Add Position' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add Position' })).toBeEnabled());
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Amount')).toHaveValue('1');
  });

  it('reports a newly picked symbol so it can be remembered', async () => {
    const { onSymbolChange, onSubmit, user } = renderDialog();
    expect(screen.getByRole('button', { name: 'Symbol' })).toHaveTextContent('BTCUSDT');
    await user.click(screen.getByRole('button', { name: 'Symbol' }));
    await user.click(await screen.findByRole('option', { name: /DOGEUSDT/ }));
    expect(onSymbolChange).toHaveBeenCalledWith('DOGEUSDT');
    await user.type(screen.getByLabelText('Amount'), '100');
    await user.type(screen.getByLabelText('Entry Price'), '0.1');
    await user.type(screen.getByLabelText('Take Profit'), '0.2');
    await user.click(screen.getByRole('button', { name: 'Add Position' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ symbol: 'DOGEUSDT' })),
    );
  });

  it('accepts numbers as the app writes them, thousands separators and spaces included', async () => {
    const { onSubmit, user } = renderDialog();
    await user.type(screen.getByLabelText('Amount'), ' 1,000.5 ');
    await user.type(screen.getByLabelText('Entry Price'), '3,000');
    await user.type(screen.getByLabelText('Take Profit'), '3,500.25');
    await user.click(screen.getByRole('button', { name: 'Add Position' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(
        expect.objectContaining({ amount: 1000.5, price: 3000, tp: 3500.25 }),
      ),
    );
  });

  it('refuses malformed grouping, a number too large and more decimals than the pair shows', async () => {
    const { onSubmit, user } = renderDialog();
    await user.type(screen.getByLabelText('Amount'), '3,00');
    await user.type(screen.getByLabelText('Entry Price'), '99999999999999999999999');
    await user.type(screen.getByLabelText('Take Profit'), '70,000.001');
    await user.click(screen.getByRole('button', { name: 'Add Position' }));
    expect(await screen.findByText('Amount must be a positive number')).toBeInTheDocument();
    expect(screen.getByText('Price is too large')).toBeInTheDocument();
    expect(
      screen.getByText("Take profit has more decimals than BTCUSDT's price (2)"),
    ).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the current price and fills the entry with it in one tap', async () => {
    const { user } = renderDialog({ prices: new Map([['BTCUSDT', 64123.456]]) });
    expect(screen.getByTestId('add-position-current-price')).toHaveTextContent('64,123.46');
    await user.click(screen.getByRole('button', { name: 'Use current price' }));
    expect(screen.getByLabelText('Entry Price')).toHaveValue('64,123.46');
    // The filled text passes the form's own rules.
    expect(screen.queryByText(/Price/, { selector: 'p' })).not.toBeInTheDocument();
  });

  it('shows "-" and disables "Use current price" before a price arrives', () => {
    renderDialog({ prices: new Map([['ETHUSDT', 3000]]) });
    expect(screen.getByTestId('add-position-current-price')).toHaveTextContent('-');
    expect(screen.getByRole('button', { name: 'Use current price' })).toBeDisabled();
  });

  it('warns of an entry more than 50 % from the current price, and still adds it', async () => {
    const { onSubmit, user } = renderDialog({
      symbol: 'ETHUSDT',
      prices: new Map([['ETHUSDT', 2988.92]]),
    });
    await user.type(screen.getByLabelText('Amount'), '1');
    await user.type(screen.getByLabelText('Entry Price'), '89,234');
    const warning = screen.getByText(
      'Entry is 2,885.5 % above the current price of 2,988.92 — check the pair',
    );
    expect(warning).toHaveStyle({ color: '#ed6c02' }); // MUI's default warning.main in tests
    await user.type(screen.getByLabelText('Take Profit'), '90,000');
    await user.click(screen.getByRole('button', { name: 'Add Position' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(
        expect.objectContaining({ symbol: 'ETHUSDT', price: 89234, tp: 90000 }),
      ),
    );
  });

  it('says nothing of an entry near the current price', async () => {
    const { user } = renderDialog({ prices: new Map([['BTCUSDT', 60000]]) });
    await user.type(screen.getByLabelText('Entry Price'), '45,000');
    expect(screen.queryByText(/current price of/)).not.toBeInTheDocument();
  });
});
