import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { type Position, type SymbolId, computePnl, unrealizedPnl } from '@pairwatch/domain';
import { EmptyTableRow, PnlText, PriceText } from '@pairwatch/ui-kit';
import { CloseCircleIcon } from '../icons/CloseCircleIcon';
import { DeleteIcon } from '../icons/DeleteIcon';
import { EditIcon } from '../icons/EditIcon';
import { type SymbolInfoLookup } from '../market/SymbolInfoLookup';
import { formatAmount } from './formatAmount';
import { SideText } from './SideText';
import { SymbolCell } from './SymbolCell';

/** Props of {@link OpenPositionsTable}. */
export interface OpenPositionsTableProps {
  readonly positions: readonly Position[];
  /** The latest 1-minute close per symbol; a symbol without one shows '-'. */
  readonly prices: ReadonlyMap<SymbolId, number>;
  readonly symbolInfo: SymbolInfoLookup;
  readonly onEdit: (position: Position) => void;
  readonly onClose: (position: Position) => void;
  readonly onDelete: (position: Position) => void;
}

const COLUMNS = [
  'Symbol',
  'Side',
  'Amount',
  'Entry price/Current price',
  'TP',
  'Unrealized PnL',
] as const;

/**
 * The 'Open' table (spec §2): entry and live price, the take profit with the gain it would bring,
 * and the unrealized PnL at the live price, each in the symbol's formats; Edit, Close and Delete.
 */
export function OpenPositionsTable({
  positions,
  prices,
  symbolInfo,
  onEdit,
  onClose,
  onDelete,
}: OpenPositionsTableProps) {
  return (
    <Table size="small" aria-label="Open positions">
      <TableHead>
        <TableRow>
          {COLUMNS.map((column) => (
            <TableCell key={column}>{column}</TableCell>
          ))}
          <TableCell align="right" aria-label="Actions" />
        </TableRow>
      </TableHead>
      <TableBody>
        {positions.length === 0 ? (
          <EmptyTableRow colSpan={COLUMNS.length + 1} message="No open positions" />
        ) : (
          positions.map((position) => {
            const info = symbolInfo(position.symbol);
            const precision = info.priceFormat.precision;
            const current = prices.get(position.symbol);
            const projected = computePnl(
              position.side,
              position.price,
              position.tp,
              position.amount,
            );
            return (
              <TableRow key={position.id} data-position-id={position.id} hover>
                <SymbolCell symbol={position.symbol} />
                <TableCell>
                  <SideText side={position.side} />
                </TableCell>
                <TableCell>{formatAmount(position.amount, info)}</TableCell>
                <TableCell data-column="prices">
                  <PriceText value={position.price} precision={precision} />
                  {' / '}
                  <PriceText value={current} precision={precision} />
                </TableCell>
                <TableCell data-column="tp">
                  <PriceText value={position.tp} precision={precision} />{' '}
                  <Box component="span" sx={{ fontSize: '0.85em' }}>
                    <PnlText pnl={projected} precision={precision} unit={info.quoteAsset} />
                  </Box>
                </TableCell>
                <TableCell data-column="pnl">
                  <PnlText
                    pnl={unrealizedPnl(position, current)}
                    precision={precision}
                    unit={info.quoteAsset}
                  />
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Tooltip title="Edit">
                    <IconButton
                      size="small"
                      aria-label="Edit position"
                      onClick={() => onEdit(position)}
                    >
                      <EditIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title="Close">
                    <IconButton
                      size="small"
                      aria-label="Close position"
                      onClick={() => onClose(position)}
                    >
                      <CloseCircleIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title="Delete">
                    <IconButton
                      size="small"
                      aria-label="Delete position"
                      onClick={() => onDelete(position)}
                    >
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </TableCell>
              </TableRow>
            );
          })
        )}
      </TableBody>
    </Table>
  );
}
