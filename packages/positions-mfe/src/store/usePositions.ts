import { type Position } from '@pairwatch/domain';
import { useEffect, useRef, useState } from 'react';
import { type PositionStore } from './PositionStore';

/**
 * Every stored position, by id, following changes from this tab and the others; `undefined`
 * until the first read completes.
 *
 * @param onError - told when reading the store fails (the last list read stays shown).
 */
export function usePositions(
  store: PositionStore,
  onError: (error: unknown) => void,
): readonly Position[] | undefined {
  const [positions, setPositions] = useState<readonly Position[]>();
  const onErrorRef = useRef(onError);
  useEffect(() => {
    onErrorRef.current = onError;
  }, [onError]);

  useEffect(() => {
    const subscription = store.positions$().subscribe({
      next: setPositions,
      error: (error: unknown) => onErrorRef.current(error),
    });
    return () => subscription.unsubscribe();
  }, [store]);

  return positions;
}
