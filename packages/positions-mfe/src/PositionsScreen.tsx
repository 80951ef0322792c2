import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import TableContainer from '@mui/material/TableContainer';
import Typography from '@mui/material/Typography';
import { type Position, type SymbolId, formatNumber, isPositionOpen } from '@pairwatch/domain';
import { showToast } from '@pairwatch/ui-kit';
import { type ChangeEvent, useCallback, useMemo, useRef, useState } from 'react';
import { ClosePositionDialog } from './form/ClosePositionDialog';
import { EditPositionDialog } from './form/EditPositionDialog';
import { PositionFormDialog } from './form/PositionFormDialog';
import { type PositionsMarket } from './market/PositionsMarket';
import { useLiveCandles } from './market/useLiveCandles';
import { useSymbolInfos } from './market/useSymbolInfos';
import { useTakeProfitFills } from './prices/useTakeProfitFills';
import { useNewPositionSymbol } from './settings/useNewPositionSymbol';
import { type NewPosition, type PositionChanges, type PositionStore } from './store/PositionStore';
import { usePositions } from './store/usePositions';
import { EndedPositionsTable } from './table/EndedPositionsTable';
import { OpenPositionsTable } from './table/OpenPositionsTable';
import { ImportPositionsDialog } from './transfer/ImportPositionsDialog';
import { downloadPositionsFile, readPositionsFile } from './transfer/positionsFile';
import { createPositionsExport, parsePositionsExport } from './transfer/PositionsExport';

/** Props of {@link PositionsScreen}. */
export interface PositionsScreenProps {
  readonly store: PositionStore;
  readonly market: PositionsMarket;
  /**
   * Where the last prices seen are kept for the next start (the route gives `localStorage`):
   * without a network, PnL shows them.
   */
  readonly priceMemory?: Storage | undefined;
}

type OpenDialog =
  | { readonly kind: 'add' }
  | { readonly kind: 'edit'; readonly position: Position }
  | { readonly kind: 'close'; readonly position: Position }
  | { readonly kind: 'import'; readonly fileName: string; readonly positions: readonly Position[] };

/** The text a toast shows for a failure: the error's message, which carries the reason. */
function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

// The same toasts as the alerts screen (ui-kit's showToast): errors are titled 'Error'.
function toastSuccess(message: string): void {
  showToast({ variant: 'success', description: message });
}

function toastError(error: unknown): void {
  showToast({ variant: 'error', title: 'Error', description: describeError(error) });
}

/**
 * A failed market read while the browser is offline is not news: the prices shown are the last
 * ones seen, and the live updates reconnect by themselves when the network returns.
 */
function toastMarketError(error: unknown): void {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return;
  toastError(error);
}

function toastImportError(error: unknown): void {
  showToast({
    variant: 'error',
    title: 'Error',
    description: `Import failed: ${describeError(error)}`,
  });
}

function countPositions(count: number): string {
  return `${count} ${count === 1 ? 'position' : 'positions'}`;
}

/**
 * The Positions screen: the Open and Ended tables with live PnL, the Add position, Edit and Close
 * dialogs, take-profit fills, and export/import of the browser's positions as a JSON file.
 */
export function PositionsScreen({ store, market, priceMemory }: PositionsScreenProps) {
  const positions = usePositions(store, toastError);
  const open = useMemo(() => (positions ?? []).filter(isPositionOpen), [positions]);
  const ended = useMemo(
    () => (positions ?? []).filter((position) => !isPositionOpen(position)),
    [positions],
  );
  const { catalogue, infoOf: symbolInfo } = useSymbolInfos(market, toastMarketError);
  const [newSymbol, setNewSymbol] = useNewPositionSymbol();
  const [dialog, setDialog] = useState<OpenDialog>();
  const fileInput = useRef<HTMLInputElement>(null);

  const onFilled = useCallback(
    (position: Position) => {
      const price = formatNumber(position.tp, symbolInfo(position.symbol).priceFormat.precision);
      toastSuccess(`Take profit reached: ${position.symbol} ${position.side} filled at ${price}.`);
    },
    [symbolInfo],
  );
  const checkTakeProfits = useTakeProfitFills(store, open, onFilled, toastError);
  const adding = dialog?.kind === 'add';
  // The Add position dialog shows its symbol's current price: priced while the dialog is open.
  const pricedSymbols = useMemo(
    () => [...open.map((position) => position.symbol), ...(adding ? [newSymbol] : [])],
    [open, adding, newSymbol],
  );
  const candles = useLiveCandles(
    market,
    pricedSymbols,
    checkTakeProfits,
    toastMarketError,
    priceMemory,
  );
  const prices = useMemo(() => {
    const closes = new Map<SymbolId, number>();
    for (const [symbol, candle] of candles) closes.set(symbol, candle.close);
    return closes;
  }, [candles]);

  const closeDialog = useCallback(() => setDialog(undefined), []);

  // Rethrows after the toast so a dialog stays open with what the user typed.
  const run = useCallback(async (action: () => Promise<unknown>, success: string) => {
    try {
      await action();
    } catch (error: unknown) {
      toastError(error);
      throw error;
    }
    toastSuccess(success);
  }, []);

  const add = (input: NewPosition) => run(() => store.create(input), 'Position added.');
  const edit = (id: number) => (changes: PositionChanges) =>
    run(() => store.update(id, changes), 'Position updated.');
  const close = (id: number) => (price: number) =>
    run(() => store.close(id, price), 'Position closed.');
  // Deleted at once; the toast's Undo puts the same record back (PositionStore.restore).
  const remove = (position: Position) => {
    store.delete(position.id).then(
      () =>
        showToast({
          variant: 'success',
          description: 'Position deleted.',
          action: {
            label: 'Undo',
            onClick: () => {
              store.restore(position).then(() => toastSuccess('Position restored.'), toastError);
            },
          },
        }),
      toastError,
    );
  };

  const exportAll = async () => {
    try {
      const all = await store.list();
      downloadPositionsFile(createPositionsExport(all, new Date()));
      toastSuccess(`Exported ${countPositions(all.length)}.`);
    } catch (error: unknown) {
      toastError(error);
    }
  };

  const readImportFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = ''; // choosing the same file again must fire a change too
    if (!file) return;
    try {
      setDialog({
        kind: 'import',
        fileName: file.name,
        positions: parsePositionsExport(await readPositionsFile(file)),
      });
    } catch (error: unknown) {
      toastImportError(error);
    }
  };

  const importAll = (imported: readonly Position[]) => {
    closeDialog();
    store
      .replaceAll(imported)
      .then(() => toastSuccess(`Imported ${countPositions(imported.length)}.`), toastImportError);
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, p: { xs: 1, sm: 2 } }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          Positions
        </Typography>
        <Button variant="outlined" onClick={() => void exportAll()}>
          Export
        </Button>
        <Button variant="outlined" onClick={() => fileInput.current?.click()}>
          Import
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept="application/json,.json"
          hidden
          data-testid="positions-import-file"
          onChange={(event) => void readImportFile(event)}
        />
        <Button variant="contained" onClick={() => setDialog({ kind: 'add' })}>
          Add position
        </Button>
      </Box>
      {positions === undefined && <LinearProgress aria-label="Loading positions" />}
      <Paper variant="outlined" component="section" aria-labelledby="open-positions-heading">
        <Typography id="open-positions-heading" variant="h6" component="h2" sx={{ px: 2, pt: 1.5 }}>
          Open
        </Typography>
        <TableContainer>
          <OpenPositionsTable
            positions={open}
            prices={prices}
            symbolInfo={symbolInfo}
            onEdit={(position) => setDialog({ kind: 'edit', position })}
            onClose={(position) => setDialog({ kind: 'close', position })}
            onDelete={remove}
          />
        </TableContainer>
      </Paper>
      <Paper variant="outlined" component="section" aria-labelledby="ended-positions-heading">
        <Typography
          id="ended-positions-heading"
          variant="h6"
          component="h2"
          sx={{ px: 2, pt: 1.5 }}
        >
          Ended
        </Typography>
        <TableContainer>
          <EndedPositionsTable positions={ended} symbolInfo={symbolInfo} onDelete={remove} />
        </TableContainer>
      </Paper>
      {dialog?.kind === 'add' && (
        <PositionFormDialog
          catalogue={catalogue}
          symbol={newSymbol}
          onSymbolChange={setNewSymbol}
          prices={prices}
          symbolInfo={symbolInfo}
          onSubmit={add}
          onClose={closeDialog}
        />
      )}
      {dialog?.kind === 'edit' && (
        <EditPositionDialog
          position={dialog.position}
          pricePrecision={symbolInfo(dialog.position.symbol).priceFormat.precision}
          onSubmit={edit(dialog.position.id)}
          onClose={closeDialog}
        />
      )}
      {dialog?.kind === 'close' && (
        <ClosePositionDialog
          position={dialog.position}
          currentPrice={prices.get(dialog.position.symbol)}
          pricePrecision={symbolInfo(dialog.position.symbol).priceFormat.precision}
          onSubmit={close(dialog.position.id)}
          onClose={closeDialog}
        />
      )}
      {dialog?.kind === 'import' && (
        <ImportPositionsDialog
          fileName={dialog.fileName}
          incoming={dialog.positions.length}
          current={positions?.length ?? 0}
          onConfirm={() => importAll(dialog.positions)}
          onClose={closeDialog}
        />
      )}
    </Box>
  );
}
