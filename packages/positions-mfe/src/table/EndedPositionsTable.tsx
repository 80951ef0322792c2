import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { type Position, realizedPnl } from '@pairwatch/domain';
import { EmptyTableRow, PnlText, PriceText } from '@pairwatch/ui-kit';
import { DeleteIcon } from '../icons/DeleteIcon';
import { type SymbolInfoLookup } from '../market/SymbolInfoLookup';
import { formatAmount } from './formatAmount';
import { SideText } from './SideText';
import { SymbolCell } from './SymbolCell';

/** Props of {@link EndedPositionsTable}. */
export interface EndedPositionsTableProps {
  readonly positions: readonly Position[];
  readonly symbolInfo: SymbolInfoLookup;
  readonly onDelete: (position: Position) => void;
}

const COLUMNS = ['Symbol', 'Side', 'Amount', 'Price', 'End reason', 'TP/End price', 'PnL'] as const;

/** The 'Ended' table (spec §2): how and where each position ended, and its realized PnL. */
export function EndedPositionsTable({ positions, symbolInfo, onDelete }: EndedPositionsTableProps) {
  return (
    <Table size="small" aria-label="Ended positions">
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
          <EmptyTableRow colSpan={COLUMNS.length + 1} message="No ended positions" />
        ) : (
          positions.map((position) => {
            const info = symbolInfo(position.symbol);
            const precision = info.priceFormat.precision;
            return (
              <TableRow key={position.id} data-position-id={position.id} hover>
                <SymbolCell symbol={position.symbol} />
                <TableCell>
                  <SideText side={position.side} />
                </TableCell>
                <TableCell>{formatAmount(position.amount, info)}</TableCell>
                <TableCell>
                  <PriceText value={position.price} precision={precision} />
                </TableCell>
                <TableCell data-column="end-reason">{position.endReason}</TableCell>
                <TableCell data-column="end-price">
                  <PriceText value={position.tp} precision={precision} />
                  {' / '}
                  <PriceText value={position.endPrice} precision={precision} />
                </TableCell>
                <TableCell data-column="pnl">
                  <PnlText
                    pnl={realizedPnl(position)}
                    precision={precision}
                    unit={info.quoteAsset}
                  />
                </TableCell>
                <TableCell align="right">
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
