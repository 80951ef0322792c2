import Box from '@mui/material/Box';
import SvgIcon from '@mui/material/SvgIcon';
import Typography from '@mui/material/Typography';
import { type SymbolId, alertDirection, formatNumber } from '@pairwatch/domain';
import { PriceText, TRADING_TEXT_COLORS } from '@pairwatch/ui-kit';
import { ALERTS_MESSAGES } from '../alertsMessages';

/** Props of {@link AlertHelperLine}. */
export interface AlertHelperLineProps {
  readonly symbol: SymbolId;
  /** The live price; the line is not shown without one. */
  readonly livePrice: number | undefined;
  /** The valid target price; the line is not shown without one. */
  readonly target: number | undefined;
  /** Decimals of the symbol's prices. */
  readonly precision: number;
}

/**
 * The height both forms of the line keep: the bullish or bearish one wraps to two lines in the
 * card (its prices and arrow), the one at the price often fits in one, and the live price moves
 * between them with every tick near the target. Kept at two, Create Alert below does not jump
 * under the pointer (it moved 28 px down as the price left the target, and a click aimed at it
 * landed above it).
 */
const LINES_KEPT = '2lh';

const TRENDING_UP = 'M16 6l2.29 2.29-4.88 4.88-4-4L2 16.59 3.41 18l6-6 4 4 6.3-6.29L22 12V6z';
const TRENDING_DOWN = 'M16 18l2.29-2.29-4.88-4.88-4 4L2 7.41 3.41 6l6 6 4-4 6.3 6.29L22 12v6z';

/**
 * 'Creating bullish alert for BTCUSDT:' (target above the live price) or '… bearish …', then the
 * live price, an arrow in the move's colour and the target; a target at the live price (as shown)
 * is said once: 'Creating alert for BTCUSDT at the current price: 65,000.00'.
 */
export function AlertHelperLine({ symbol, livePrice, target, precision }: AlertHelperLineProps) {
  if (livePrice === undefined || target === undefined) return null;
  if (formatNumber(livePrice, precision) === formatNumber(target, precision)) {
    // Alt+A (the last price) or a target typed at the price: one price, no move to draw.
    return (
      <Typography
        component="div"
        variant="body2"
        data-testid="alert-helper-line"
        sx={{ minHeight: LINES_KEPT }}
      >
        {ALERTS_MESSAGES.creatingAtPrice(symbol)}{' '}
        <Box component="span" data-testid="alert-helper-target">
          <PriceText value={target} precision={precision} />
        </Box>
      </Typography>
    );
  }
  const bullish = alertDirection(livePrice, target) === 'up';
  const trend = bullish ? 'up' : 'down';
  return (
    <Typography
      component="div"
      variant="body2"
      data-testid="alert-helper-line"
      // No gap between wrapped rows: two rows are two lines, as tall as LINES_KEPT.
      sx={{
        display: 'flex',
        alignItems: 'center',
        columnGap: 1,
        flexWrap: 'wrap',
        minHeight: LINES_KEPT,
      }}
    >
      <span>{ALERTS_MESSAGES.creatingAlert(bullish ? 'bullish' : 'bearish', symbol)}</span>
      <Box component="span" data-testid="alert-helper-current">
        <PriceText value={livePrice} precision={precision} />
      </Box>
      <SvgIcon
        fontSize="small"
        titleAccess={bullish ? 'rises to' : 'drops to'}
        sx={{ color: TRADING_TEXT_COLORS[trend] }}
      >
        <path d={bullish ? TRENDING_UP : TRENDING_DOWN} />
      </SvgIcon>
      <Box component="span" data-testid="alert-helper-target">
        <PriceText value={target} precision={precision} trend={trend} />
      </Box>
    </Typography>
  );
}
