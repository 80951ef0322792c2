import { describe, expect, it } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { PriceText } from './PriceText';
import { TRADING_COLORS } from './tradingColors';

describe('PriceText', () => {
  it('formats with grouping and the given precision', () => {
    render(<PriceText value={65000} precision={2} />);
    expect(screen.getByText('65,000.00')).toBeInTheDocument();
  });

  it('colours a trend', () => {
    render(<PriceText value={0.12345} precision={5} trend="down" />);
    expect(screen.getByText('0.12345')).toHaveStyle({ color: TRADING_COLORS.down });
  });

  it("shows '-' for an unknown price", () => {
    render(<PriceText value={undefined} />);
    expect(screen.getByText('-')).toBeInTheDocument();
  });
});
