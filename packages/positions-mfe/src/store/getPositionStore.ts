import { PositionsDatabase } from './PositionsDatabase';
import { PositionStore } from './PositionStore';

let shared: PositionStore | undefined;

/**
 * The tab's one store on the browser's IndexedDB, opened on first use: every mount of the screen
 * reuses the same database connection.
 */
export function getPositionStore(): PositionStore {
  shared ??= new PositionStore(new PositionsDatabase());
  return shared;
}
