import { describe, expect, it, jest } from '@jest/globals';
import { type Position } from '@pairwatch/domain';
import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { type PositionChanges } from '../store/PositionStore';
import { EditPositionDialog } from './EditPositionDialog';

const BUY: Position = { id: 1, symbol: 'BTCUSDT', side: 'Buy', amount: 1, price: 100, tp: 120 };

function renderEdit(position: Position, pricePrecision = 2) {
  const onSubmit = jest.fn(async (_changes: PositionChanges) => undefined);
  const onClose = jest.fn();
  render(
    <EditPositionDialog
      position={position}
      pricePrecision={pricePrecision}
      onSubmit={onSubmit}
      onClose={onClose}
    />,
  );
  return { onSubmit, onClose, user: userEvent.setup({ delay: null }) };
}

describe('EditPositionDialog', () => {
  it("reads grouped numbers and refuses more decimals than the symbol's prices show", async () => {
    const { onSubmit, onClose, user } = renderEdit(BUY);
    const price = screen.getByLabelText('Entry Price');
    const tp = screen.getByLabelText('Take Profit');
    await user.clear(price);
    await user.type(price, '100.125');
    expect(
      await screen.findByText("Price has more decimals than BTCUSDT's price (2)"),
    ).toBeInTheDocument();

    await user.clear(price);
    await user.type(price, ' 1,000.12 ');
    await user.clear(tp);
    await user.type(tp, '1,200');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith({ amount: 1, price: 1000.12, tp: 1200 });
  });

  it("takes the symbol's live precision over the catalogue's", async () => {
    const { onSubmit, user } = renderEdit(BUY, 3);
    const price = screen.getByLabelText('Entry Price');
    await user.clear(price);
    await user.type(price, '100.125');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ amount: 1, price: 100.125, tp: 120 }),
    );
  });

  it('refuses a take-profit moved to the losing side, and saves one on the profit side', async () => {
    const { onSubmit, onClose, user } = renderEdit(BUY);
    const tp = screen.getByLabelText('Take Profit');

    await user.clear(tp);
    await user.type(tp, '95');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Take profit must be above the entry price for a Buy'),
    ).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(tp);
    await user.type(tp, '130');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith({ amount: 1, price: 100, tp: 130 });
  });

  it('judges a Sell against the entry the other way round', async () => {
    const { onSubmit, user } = renderEdit({ ...BUY, side: 'Sell', tp: 80 });
    const price = screen.getByLabelText('Entry Price');

    await user.clear(price);
    await user.type(price, '70');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(
      await screen.findByText('Take profit must be below the entry price for a Sell'),
    ).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
