import { guessSymbolInfo, type SymbolId, type SymbolInfo } from '@pairwatch/domain';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type PositionsMarket } from './PositionsMarket';

/** The display formats of a pair: the catalogue's, or a guess until it arrives. */
export type SymbolInfoLookup = (symbol: SymbolId) => SymbolInfo;

/** What {@link useSymbolInfos} gives: the pairs to offer, and each pair's formats. */
export interface SymbolInfos {
  /** Every pair the market trades (`GET /symbols`, defaults first); `undefined` while loading. */
  readonly catalogue: readonly SymbolInfo[] | undefined;
  /** A pair's formats: the catalogue's (its tick and lot sizes), else a guess (defaults known). */
  readonly infoOf: SymbolInfoLookup;
}

/**
 * The market's catalogue, loaded once (the client shares it, and offline answers with the copy it
 * kept), and each pair's display formats from it: PnL in the pair's quote asset and precision.
 *
 * @param onError - told when the catalogue cannot be loaded (the guesses stay).
 */
export function useSymbolInfos(
  market: PositionsMarket,
  onError: (error: unknown) => void,
): SymbolInfos {
  const [catalogue, setCatalogue] = useState<readonly SymbolInfo[]>();
  const onErrorRef = useRef(onError);
  useEffect(() => {
    onErrorRef.current = onError;
  }, [onError]);

  useEffect(() => {
    let live = true;
    market.getSymbolCatalogue().then(
      (loaded) => {
        if (live) setCatalogue(loaded);
      },
      (error: unknown) => {
        if (live) onErrorRef.current(error);
      },
    );
    return () => {
      live = false;
    };
  }, [market]);

  const bySymbol = useMemo(
    () => new Map((catalogue ?? []).map((info) => [info.symbol, info])),
    [catalogue],
  );
  const infoOf = useCallback(
    (symbol: SymbolId) => bySymbol.get(symbol) ?? guessSymbolInfo(symbol),
    [bySymbol],
  );
  return { catalogue, infoOf };
}
