import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import { type SymbolId } from '@pairwatch/domain';
import { SymbolLogo } from '@pairwatch/ui-kit';

/** The Symbol column: the pair's logo (of its base asset, else a monogram) and name. */
export function SymbolCell({
  symbol,
  baseAsset,
}: {
  readonly symbol: SymbolId;
  readonly baseAsset: string;
}) {
  return (
    <TableCell>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <SymbolLogo symbol={symbol} baseAsset={baseAsset} />
        {symbol}
      </Box>
    </TableCell>
  );
}
