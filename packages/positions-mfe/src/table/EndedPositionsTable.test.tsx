import { describe, expect, it, jest } from '@jest/globals';
import { type Position, guessSymbolInfo } from '@pairwatch/domain';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { EndedPositionsTable } from './EndedPositionsTable';

const filledBuy: Position = {
  id: 4,
  symbol: 'BTCUSDT',
  side: 'Buy',
  amount: 0.5,
  price: 60000,
  tp: 66000,
  endReason: 'Filled',
  endPrice: 66000,
};
const closedSell: Position = {
  id: 5,
  symbol: 'ETHUSDT',
  side: 'Sell',
  amount: 2,
  price: 3000,
  tp: 2700,
  endReason: 'Closed',
  endPrice: 3050,
};

function row(id: number): HTMLElement {
  return document.querySelector<HTMLElement>(`tr[data-position-id="${id}"]`)!;
}

describe('EndedPositionsTable', () => {
  it("says 'No ended positions' when there are none", () => {
    render(
      <EndedPositionsTable
        positions={[]}
        symbolInfo={(s) => guessSymbolInfo(s)}
        onDelete={jest.fn()}
      />,
    );
    expect(screen.getByText('No ended positions')).toBeInTheDocument();
  });

  it('shows the end reason, the TP and end price, and the realized PnL of each side', () => {
    render(
      <EndedPositionsTable
        positions={[filledBuy, closedSell]}
        symbolInfo={(s) => guessSymbolInfo(s)}
        onDelete={jest.fn()}
      />,
    );
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Symbol',
      'Side',
      'Amount',
      'Price',
      'End reason',
      'TP/End price',
      'PnL',
      '',
    ]);
    expect(row(4)).toHaveTextContent(
      'BTCUSDTBuy0.50000 BTC60,000.00Filled66,000.00 / 66,000.00+3,000.00 USDT (+10.00%)',
    );
    expect(row(5)).toHaveTextContent(
      'ETHUSDTSell2.0000 ETH3,000.00Closed2,700.00 / 3,050.00-100.00 USDT (-1.67%)',
    );
  });

  it('deletes the position of the row whose Delete button is pressed', async () => {
    const onDelete = jest.fn();
    render(
      <EndedPositionsTable
        positions={[filledBuy, closedSell]}
        symbolInfo={(s) => guessSymbolInfo(s)}
        onDelete={onDelete}
      />,
    );
    await userEvent.click(within(row(5)).getByRole('button', { name: 'Delete position' }));
    expect(onDelete).toHaveBeenCalledWith(closedSell);
  });
});
