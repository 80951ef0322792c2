import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { PriceText } from './PriceText';
import { createTheme } from '@mui/material/styles';

/** The text colours of price moves in the theme these tests render with (MUI's default). */
const TEXT = { up: createTheme().palette.success.main, down: createTheme().palette.error.main };

describe('PriceText', () => {
  it('formats with grouping and the given precision', () => {
    render(<PriceText value={65000} precision={2} />);
    expect(screen.getByText('65,000.00')).toBeInTheDocument();
  });

  it('colours a trend', () => {
    render(<PriceText value={0.12345} precision={5} trend="down" />);
    expect(screen.getByText('0.12345')).toHaveStyle({ color: TEXT.down });
  });

  it("shows '-' for an unknown price", () => {
    render(<PriceText value={undefined} />);
    expect(screen.getByText('-')).toBeInTheDocument();
  });
});
