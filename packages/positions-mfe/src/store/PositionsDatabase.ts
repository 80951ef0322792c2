import { Dexie, type DexieOptions, type EntityTable } from 'dexie';
import { LEGACY_POSITIONS_KEY, importLegacyPositions } from './importLegacyPositions';
import { type StoredPosition } from './StoredPosition';

/** The IndexedDB database name of the positions store. */
export const POSITIONS_DB_NAME = 'pairwatch-positions';

/** The current schema version (see the version history in {@link PositionsDatabase}). */
export const POSITIONS_SCHEMA_VERSION = 2;

/** Options of {@link PositionsDatabase}. */
export interface PositionsDatabaseOptions extends DexieOptions {
  /** Database name; defaults to {@link POSITIONS_DB_NAME}. */
  readonly name?: string;
  /**
   * Where the original app's `positions` key is read from when the database is first created;
   * defaults to `localStorage` where there is one, `null` skips the legacy import.
   */
  readonly legacyStorage?: Pick<Storage, 'getItem' | 'removeItem'> | null;
}

function defaultLegacyStorage(): Pick<Storage, 'getItem' | 'removeItem'> | null {
  return typeof localStorage === 'undefined' ? null : localStorage;
}

/**
 * The positions' IndexedDB schema and its migrations.
 *
 * - v1: `positions` keyed by `id` (ids are assigned by the store, max + 1, never by IndexedDB,
 *   whose key generator would not reuse ids freed at the top).
 * - v2: adds the derived `state` ('open' | 'ended') index, filled in for existing rows, so open
 *   positions are found without a scan, and a `symbol` index.
 *
 * NOTE: the original app's `localStorage.positions` is copied in by `populate`, which runs once, in
 * the versionchange transaction that creates the database — so even with several tabs opening at
 * the same moment only one of them imports. The key is removed after that transaction commits,
 * unless some entries could not be read (those are kept for the user and logged).
 */
export class PositionsDatabase extends Dexie {
  declare readonly positions: EntityTable<StoredPosition, 'id'>;

  constructor(options: PositionsDatabaseOptions = {}) {
    const {
      name = POSITIONS_DB_NAME,
      legacyStorage = defaultLegacyStorage(),
      ...dexieOptions
    } = options;
    super(name, dexieOptions);
    this.version(1).stores({ positions: 'id' });
    this.version(POSITIONS_SCHEMA_VERSION)
      .stores({ positions: 'id, state, symbol' })
      .upgrade((tx) =>
        tx
          .table<StoredPosition, number>('positions')
          .toCollection()
          .modify((row: { state?: string; endReason?: string }) => {
            row.state = row.endReason === undefined ? 'open' : 'ended';
          }),
      );
    if (legacyStorage) {
      this.on('populate', async (tx) => {
        const result = await importLegacyPositions(tx.table('positions'), legacyStorage);
        if (result.rejected.length > 0) {
          console.warn(
            `Kept localStorage.${LEGACY_POSITIONS_KEY}: ${result.rejected.length} entries could not be imported`,
            result.rejected,
          );
          return;
        }
        tx.on('complete', () => legacyStorage.removeItem(LEGACY_POSITIONS_KEY));
      });
    }
  }
}
