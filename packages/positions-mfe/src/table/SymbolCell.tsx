import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import { type SymbolId } from '@pairwatch/domain';
import { SymbolLogo } from '@pairwatch/ui-kit';

/** The Symbol column: the pair's logo and name. */
export function SymbolCell({ symbol }: { readonly symbol: SymbolId }) {
  return (
    <TableCell>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <SymbolLogo symbol={symbol} />
        {symbol}
      </Box>
    </TableCell>
  );
}
