import Box from '@mui/material/Box';
import { type PositionSide } from '@pairwatch/domain';
import { TRADING_TEXT_COLORS } from '@pairwatch/ui-kit';

/** A position's side, green for Buy and red for Sell. */
export function SideText({ side }: { readonly side: PositionSide }) {
  return (
    <Box
      component="span"
      sx={{
        color: side === 'Buy' ? TRADING_TEXT_COLORS.up : TRADING_TEXT_COLORS.down,
        fontWeight: 500,
      }}
    >
      {side}
    </Box>
  );
}
