import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { PnlText } from './PnlText';
import { createTheme } from '@mui/material/styles';

/** The text colours of price moves in the theme these tests render with (MUI's default). */
const TEXT = { up: createTheme().palette.success.main, down: createTheme().palette.error.main };

describe('PnlText', () => {
  it('shows a gain with a sign, the unit and the percent, in the up colour', () => {
    render(<PnlText pnl={{ amount: 1234.5, percent: 12.345 }} unit="USDT" />);
    const text = screen.getByText('+1,234.50 USDT (+12.35%)');
    expect(text).toHaveStyle({ color: TEXT.up });
  });

  it('shows a loss in the down colour with the given precision', () => {
    render(<PnlText pnl={{ amount: -0.5, percent: -0.5 }} precision={3} />);
    expect(screen.getByText('-0.500 (-0.50%)')).toHaveStyle({ color: TEXT.down });
  });

  it('shows a gain that rounds to zero without sign or colour', () => {
    render(<PnlText pnl={{ amount: 0.001, percent: 0.001 }} />);
    expect(screen.getByText('0.00 (0.00%)')).not.toHaveStyle({ color: TEXT.up });
  });

  it("shows '-' when there is no price yet", () => {
    const { container } = render(<PnlText pnl={undefined} />);
    expect(container).toHaveTextContent(/^-$/);
  });
});
