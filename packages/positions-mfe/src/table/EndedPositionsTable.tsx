import TableCell from '@mui/material/TableCell';
import { type Position, realizedPnl } from '@pairwatch/domain';
import { PnlText, PriceText } from '@pairwatch/ui-kit';
import { type SymbolInfoLookup } from '../market/useSymbolInfos';
import { PositionsTableFrame } from './PositionsTableFrame';

/** Props of {@link EndedPositionsTable}. */
export interface EndedPositionsTableProps {
  readonly positions: readonly Position[];
  readonly symbolInfo: SymbolInfoLookup;
  readonly onDelete: (position: Position) => void;
}

const COLUMNS = ['Price', 'End reason', 'TP/End price', 'PnL'] as const;

/** The 'Ended' table (product §2): how and where each position ended, and its realized PnL. */
export function EndedPositionsTable({ positions, symbolInfo, onDelete }: EndedPositionsTableProps) {
  return (
    <PositionsTableFrame
      label="Ended positions"
      columns={COLUMNS}
      emptyMessage="No ended positions"
      positions={positions}
      symbolInfo={symbolInfo}
      renderCells={(position, info, precision) => (
        <>
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
            <PnlText pnl={realizedPnl(position)} precision={precision} unit={info.quoteAsset} />
          </TableCell>
        </>
      )}
      onDelete={onDelete}
    />
  );
}
