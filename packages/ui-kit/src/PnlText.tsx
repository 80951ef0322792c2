import Box from '@mui/material/Box';
import { formatNumber, formatPnlPercent, type Pnl } from '@pairwatch/domain';
import { TRADING_TEXT_COLORS } from './tradingColors';

/** Props of {@link PnlText}. */
export interface PnlTextProps {
  /** The profit and loss; `undefined` (no price yet) renders '-' (product §5). */
  readonly pnl: Pnl | undefined;
  /** Decimals of the amount: the symbol's price precision; 2 by default. */
  readonly precision?: number;
  /** Appended to the amount, e.g. the quote asset `USDT`. */
  readonly unit?: string;
}

/**
 * A PnL as `+12.34 USDT (+1.23%)`, green when positive, red when negative, neutral at zero.
 *
 * @example
 * ```tsx
 * <PnlText pnl={unrealizedPnl(position, lastClose)} precision={2} unit="USDT" />
 * ```
 */
export function PnlText({ pnl, precision = 2, unit }: PnlTextProps) {
  if (pnl === undefined) return <span>-</span>;
  const amount = formatNumber(pnl.amount, precision);
  // Sign and colour follow what is shown: a gain that rounds to 0.00 is neutral.
  const shown = Number(amount.replace(/,/g, ''));
  const signed = shown > 0 ? `+${amount}` : amount;
  const color =
    shown > 0 ? TRADING_TEXT_COLORS.up : shown < 0 ? TRADING_TEXT_COLORS.down : undefined;
  return (
    <Box component="span" sx={{ color, fontVariantNumeric: 'tabular-nums' }}>
      {`${signed}${unit ? ` ${unit}` : ''} (${formatPnlPercent(pnl.percent)})`}
    </Box>
  );
}
