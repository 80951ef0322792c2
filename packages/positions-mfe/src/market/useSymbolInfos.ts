import { DEFAULT_SYMBOLS, guessSymbolInfo, type SymbolId, type SymbolInfo } from '@pairwatch/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type PositionsMarket } from './PositionsMarket';

/** The display formats of a symbol: the api's symbol info, or the domain catalogue until it arrives. */
export type SymbolInfoLookup = (symbol: SymbolId) => SymbolInfo;

/**
 * The display formats of every symbol: the api's symbol info (the live exchange's tick and lot
 * sizes) once it has loaded, the domain catalogue before that or if the call fails.
 *
 * @param onError - told when the api call fails.
 */
export function useSymbolInfos(
  market: PositionsMarket,
  onError: (error: unknown) => void,
): SymbolInfoLookup {
  const [infos, setInfos] = useState<Partial<Record<SymbolId, SymbolInfo>>>({});
  const onErrorRef = useRef(onError);
  useEffect(() => {
    onErrorRef.current = onError;
  }, [onError]);

  useEffect(() => {
    let live = true;
    market.getSymbolsInfo(DEFAULT_SYMBOLS).then(
      (loaded) => {
        if (live) setInfos(loaded);
      },
      (error: unknown) => {
        if (live) onErrorRef.current(error);
      },
    );
    return () => {
      live = false;
    };
  }, [market]);

  return useCallback((symbol: SymbolId) => infos[symbol] ?? guessSymbolInfo(symbol), [infos]);
}
