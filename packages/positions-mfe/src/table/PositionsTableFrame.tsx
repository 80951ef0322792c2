import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { type Position, type SymbolInfo, formatAsEntered } from '@pairwatch/domain';
import { EmptyTableRow, stackedTableOnPhones } from '@pairwatch/ui-kit';
import { type ReactNode } from 'react';
import { DeleteIcon } from '../icons/DeleteIcon';
import { type SymbolInfoLookup } from '../market/useSymbolInfos';
import { RowActionButton } from './RowActionButton';
import { SideText } from './SideText';
import { SymbolCell } from './SymbolCell';

/** Props of {@link PositionsTableFrame}. */
export interface PositionsTableFrameProps {
  /** The table's accessible name, e.g. 'Open positions'. */
  readonly label: string;
  /** The headers of the table's own columns, after Symbol, Side and Amount. */
  readonly columns: readonly string[];
  /** The text of the single row shown when there are no positions. */
  readonly emptyMessage: string;
  readonly positions: readonly Position[];
  readonly symbolInfo: SymbolInfoLookup;
  /** The cells of the table's own columns, in the order of `columns`. */
  readonly renderCells: (position: Position, info: SymbolInfo, precision: number) => ReactNode;
  /** The row's own action buttons, shown in the last, unnamed column before Delete. */
  readonly renderActions?: (position: Position) => ReactNode;
  readonly onDelete: (position: Position) => void;
}

const LEADING_COLUMNS = ['Symbol', 'Side', 'Amount'] as const;

/**
 * An amount of the base asset with the symbol's quantity precision, and more decimals when the
 * amount as entered has them: `0.50000 BTC`, `1,000.7 DOGE` (DOGE's step is 1).
 */
export function formatAmount(amount: number, info: SymbolInfo): string {
  return `${formatAsEntered(amount, info.quantityFormat.precision)} ${info.baseAsset}`;
}

/**
 * What the Open and Ended tables share (product §2): the Symbol, Side and Amount columns in the
 * symbol's formats, an Actions column ending with Delete, the empty-state row, and a
 * `data-position-id` on each row.
 */
export function PositionsTableFrame({
  label,
  columns,
  emptyMessage,
  positions,
  symbolInfo,
  renderCells,
  renderActions,
  onDelete,
}: PositionsTableFrameProps) {
  const headers = [...LEADING_COLUMNS, ...columns];
  return (
    <Table size="small" aria-label={label} sx={stackedTableOnPhones(headers)}>
      <TableHead>
        <TableRow>
          {headers.map((column) => (
            <TableCell key={column}>{column}</TableCell>
          ))}
          <TableCell align="right" aria-label="Actions" />
        </TableRow>
      </TableHead>
      <TableBody>
        {positions.length === 0 ? (
          <EmptyTableRow colSpan={headers.length + 1} message={emptyMessage} />
        ) : (
          positions.map((position) => {
            const info = symbolInfo(position.symbol);
            return (
              <TableRow key={position.id} data-position-id={position.id} hover>
                <SymbolCell symbol={position.symbol} baseAsset={info.baseAsset} />
                <TableCell>
                  <SideText side={position.side} />
                </TableCell>
                <TableCell>{formatAmount(position.amount, info)}</TableCell>
                {renderCells(position, info, info.priceFormat.precision)}
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {renderActions?.(position)}
                  <RowActionButton
                    title="Delete"
                    label="Delete position"
                    icon={<DeleteIcon fontSize="small" />}
                    onClick={() => onDelete(position)}
                  />
                </TableCell>
              </TableRow>
            );
          })
        )}
      </TableBody>
    </Table>
  );
}
