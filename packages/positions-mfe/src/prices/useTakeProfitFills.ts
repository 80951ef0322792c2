import { type Candle, type Position, type SymbolId } from '@pairwatch/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type PositionStore } from '../store/PositionStore';
import { TakeProfitWatcher } from './TakeProfitWatcher';

/**
 * Returns the function to call with every live 1-minute candle: it ends each open position whose
 * take profit the candle reaches, with reason "Filled" at the TP price. The store re-checks in a
 * transaction, so a position fills once even when several tabs see the same candle; only the tab
 * whose write ended it hears `onFilled`.
 */
export function useTakeProfitFills(
  store: PositionStore,
  openPositions: readonly Position[],
  onFilled: (position: Position) => void,
  onError: (error: unknown) => void,
): (symbol: SymbolId, candle: Candle) => void {
  const [watcher] = useState(() => new TakeProfitWatcher());
  const latest = useRef({ openPositions, onFilled, onError });
  useEffect(() => {
    latest.current = { openPositions, onFilled, onError };
  }, [openPositions, onFilled, onError]);
  const pending = useRef(new Set<number>());

  return useCallback(
    (symbol: SymbolId, candle: Candle) => {
      for (const { position, range } of watcher.check(
        latest.current.openPositions,
        symbol,
        candle,
      )) {
        if (pending.current.has(position.id)) continue;
        pending.current.add(position.id);
        store
          .fillIfTakeProfitReached(position.id, range)
          .then(
            (filled) => {
              if (filled) latest.current.onFilled(filled);
            },
            (error: unknown) => latest.current.onError(error),
          )
          .finally(() => pending.current.delete(position.id));
      }
    },
    [store, watcher],
  );
}
