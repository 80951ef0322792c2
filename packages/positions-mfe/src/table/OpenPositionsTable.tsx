import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import { type Position, type SymbolId, computePnl, unrealizedPnl } from '@pairwatch/domain';
import { PnlText, PriceText } from '@pairwatch/ui-kit';
import { CloseCircleIcon } from '../icons/CloseCircleIcon';
import { EditIcon } from '../icons/EditIcon';
import { type SymbolInfoLookup } from '../market/useSymbolInfos';
import { PositionsTableFrame } from './PositionsTableFrame';
import { RowActionButton } from './RowActionButton';

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

const COLUMNS = ['Entry price/Current price', 'TP', 'Unrealized PnL'] as const;

/**
 * The 'Open' table (product §2): entry and live price, the take profit with the gain it would bring,
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
    <PositionsTableFrame
      label="Open positions"
      columns={COLUMNS}
      emptyMessage="No open positions"
      positions={positions}
      symbolInfo={symbolInfo}
      renderCells={(position, info, precision) => {
        const current = prices.get(position.symbol);
        const projected = computePnl(position.side, position.price, position.tp, position.amount);
        return (
          <>
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
          </>
        );
      }}
      renderActions={(position) => (
        <>
          <RowActionButton
            title="Edit"
            label="Edit position"
            icon={<EditIcon fontSize="small" />}
            onClick={() => onEdit(position)}
          />
          <RowActionButton
            title="Close"
            label="Close position"
            icon={<CloseCircleIcon fontSize="small" />}
            onClick={() => onClose(position)}
          />
        </>
      )}
      onDelete={onDelete}
    />
  );
}
