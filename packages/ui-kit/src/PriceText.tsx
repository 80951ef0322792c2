import Box from '@mui/material/Box';
import { formatNumber } from '@pairwatch/domain';
import { TRADING_TEXT_COLORS } from './tradingColors';

/** Props of {@link PriceText}. */
export interface PriceTextProps {
  /** The price; `undefined` (not known yet) renders '-'. */
  readonly value: number | undefined;
  /** Decimals shown (the symbol's `priceFormat.precision`); 2 by default. */
  readonly precision?: number;
  /** Colours the text as a move up or down; neutral by default. */
  readonly trend?: 'up' | 'down';
}

/**
 * A price with grouping and fixed decimals (`65,000.00`), optionally coloured up/down.
 *
 * @example
 * ```tsx
 * <PriceText value={candle?.close} precision={info.priceFormat.precision} />
 * ```
 */
export function PriceText({ value, precision = 2, trend }: PriceTextProps) {
  const known = value !== undefined && Number.isFinite(value);
  return (
    <Box
      component="span"
      sx={{
        fontVariantNumeric: 'tabular-nums',
        color: trend ? TRADING_TEXT_COLORS[trend] : undefined,
      }}
    >
      {known ? formatNumber(value, precision) : '-'}
    </Box>
  );
}
