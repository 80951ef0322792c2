import { createTheme } from '@mui/material/styles';
import { describe, expect, it, jest } from '@jest/globals';
import {
  type Position,
  DEFAULT_SYMBOL_CATALOGUE,
  guessSymbolInfo,
  type SymbolId,
  type SymbolInfo,
} from '@pairwatch/domain';
import { render, screen, within } from '@testing-library/react';
import { OpenPositionsTable } from './OpenPositionsTable';

const buy: Position = {
  id: 1,
  symbol: 'BTCUSDT',
  side: 'Buy',
  amount: 0.5,
  price: 60000,
  tp: 66000,
};
const sell: Position = { id: 2, symbol: 'ETHUSDT', side: 'Sell', amount: 2, price: 3000, tp: 2700 };

/** The text colours of price moves in the theme these tests render with (MUI's default). */
const TEXT = { up: createTheme().palette.success.main, down: createTheme().palette.error.main };

function renderTable(
  positions: Position[],
  prices: [SymbolId, number][],
  symbolInfo = (s: SymbolId) => guessSymbolInfo(s),
) {
  render(
    <OpenPositionsTable
      positions={positions}
      prices={new Map(prices)}
      symbolInfo={symbolInfo}
      onEdit={jest.fn()}
      onClose={jest.fn()}
      onDelete={jest.fn()}
    />,
  );
}

function row(id: number): HTMLElement {
  const found = document.querySelector<HTMLElement>(`tr[data-position-id="${id}"]`);
  if (!found) throw new Error(`no row for position ${id}`);
  return found;
}

function cell(id: number, column: string): HTMLElement {
  return row(id).querySelector<HTMLElement>(`[data-column="${column}"]`)!;
}

describe('OpenPositionsTable', () => {
  it("says 'No open positions' when there are none", () => {
    renderTable([], []);
    expect(screen.getByText('No open positions')).toBeInTheDocument();
  });

  it("shows '-' for the current price and unrealized PnL until a price is known", () => {
    renderTable([buy], []);
    expect(cell(1, 'prices')).toHaveTextContent('60,000.00 / -');
    expect(cell(1, 'pnl')).toHaveTextContent(/^-$/);
  });

  it('shows a Buy in profit as a positive green PnL with 2-decimal percent', () => {
    renderTable([buy], [['BTCUSDT', 61000]]);
    expect(cell(1, 'prices')).toHaveTextContent('60,000.00 / 61,000.00');
    expect(cell(1, 'pnl')).toHaveTextContent('+500.00 USDT (+1.67%)');
    expect(within(cell(1, 'pnl')).getByText('+500.00 USDT (+1.67%)')).toHaveStyle({
      color: TEXT.up,
    });
  });

  it('shows a Sell against a rising price as a negative red PnL', () => {
    renderTable([sell], [['ETHUSDT', 3100]]);
    expect(cell(2, 'pnl')).toHaveTextContent('-200.00 USDT (-3.33%)');
    expect(within(cell(2, 'pnl')).getByText('-200.00 USDT (-3.33%)')).toHaveStyle({
      color: TEXT.down,
    });
  });

  it('shows a Sell against a falling price as a profit', () => {
    renderTable([sell], [['ETHUSDT', 2900]]);
    expect(cell(2, 'pnl')).toHaveTextContent('+200.00 USDT (+3.33%)');
  });

  it('shows the take profit with the gain it would bring, for both sides', () => {
    renderTable([buy, sell], []);
    expect(cell(1, 'tp')).toHaveTextContent('66,000.00 +3,000.00 USDT (+10.00%)');
    expect(cell(2, 'tp')).toHaveTextContent('2,700.00 +600.00 USDT (+10.00%)');
  });

  it("formats prices and amounts with the symbol's precision", () => {
    const doge: Position = {
      id: 3,
      symbol: 'DOGEUSDT',
      side: 'Buy',
      amount: 1500,
      price: 0.12345,
      tp: 0.2,
    };
    renderTable([doge, buy], [['DOGEUSDT', 0.13]]);
    expect(within(row(3)).getByText('1,500 DOGE')).toBeInTheDocument();
    expect(within(row(1)).getByText('0.50000 BTC')).toBeInTheDocument();
    expect(cell(3, 'prices')).toHaveTextContent('0.12345 / 0.13000');
    expect(cell(3, 'pnl')).toHaveTextContent('+9.82500 USDT (+5.31%)');
  });

  it('uses the formats the api gives over the catalogue', () => {
    const apiInfo: SymbolInfo = {
      ...DEFAULT_SYMBOL_CATALOGUE.BTCUSDT,
      priceFormat: { precision: 1, minMove: 0.1 },
      quantityFormat: { precision: 3, minMove: 0.001 },
    };
    renderTable([buy], [['BTCUSDT', 61000]], (s) =>
      s === 'BTCUSDT' ? apiInfo : guessSymbolInfo(s),
    );
    expect(cell(1, 'prices')).toHaveTextContent('60,000.0 / 61,000.0');
    expect(within(row(1)).getByText('0.500 BTC')).toBeInTheDocument();
  });

  it('offers enabled Edit, Close and Delete buttons on each row', () => {
    renderTable([buy], []);
    for (const name of ['Edit position', 'Close position', 'Delete position']) {
      expect(within(row(1)).getByRole('button', { name })).toBeEnabled();
    }
  });

  it('gives every row action a 44 × 44 px target on phones, the compact one from 600 px', () => {
    renderTable([buy], []);
    // jsdom applies no media queries: read the rules emotion wrote for each button's class.
    const rules = [...document.styleSheets].flatMap((sheet) =>
      [...sheet.cssRules].map((rule) => rule.cssText.replace(/\s+/g, ' ')),
    );
    for (const name of ['Edit position', 'Close position', 'Delete position']) {
      const button = within(row(1)).getByRole('button', { name });
      const own = [...button.classList].find((c) => c.startsWith('css-'));
      const of = (media: string) =>
        rules.find((rule) => rule.startsWith(`@media (min-width:${media}) {.${own} {`));
      expect(of('0px')).toContain('min-width: 44px; min-height: 44px;');
      expect(of('600px')).toContain('min-width: 0; min-height: 0;');
    }
  });
});
