import Box from '@mui/material/Box';
import { type PositionSide } from '@pairwatch/domain';
import { TRADING_COLORS } from '@pairwatch/ui-kit';

/** A position's side, green for Buy and red for Sell. */
export function SideText({ side }: { readonly side: PositionSide }) {
  return (
    <Box
      component="span"
      sx={{ color: side === 'Buy' ? TRADING_COLORS.up : TRADING_COLORS.down, fontWeight: 500 }}
    >
      {side}
    </Box>
  );
}
