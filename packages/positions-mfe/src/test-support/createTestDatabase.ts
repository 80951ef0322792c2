import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { PositionsDatabase, type PositionsDatabaseOptions } from '../store/PositionsDatabase';

/** A database on a fresh in-memory IndexedDB, so tests never share state. */
export function createTestDatabase(
  options: PositionsDatabaseOptions & { indexedDB?: IDBFactory } = {},
): PositionsDatabase {
  return new PositionsDatabase({
    indexedDB: options.indexedDB ?? new IDBFactory(),
    IDBKeyRange,
    legacyStorage: null,
    ...options,
  });
}
