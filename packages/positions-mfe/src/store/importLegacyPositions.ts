import { type Position } from '@pairwatch/domain';
import { type Table } from 'dexie';
import { parsePosition } from './parsePosition';
import { type StoredPosition, toStoredPosition } from './StoredPosition';

/** Where the original app kept its positions: a JSON array in localStorage. */
export const LEGACY_POSITIONS_KEY = 'positions';

/** What a legacy import did. */
export interface LegacyImportResult {
  readonly imported: number;
  /** One line per entry that was left out, with its index and the reason. */
  readonly rejected: readonly string[];
}

/**
 * Copies the original app's positions (`localStorage.positions`) into the table, keeping their ids.
 * Entries that are not valid positions, or repeat an id, are left out and reported; the key itself
 * is left for the caller to remove once the transaction has committed.
 */
export async function importLegacyPositions(
  table: Table<StoredPosition, number>,
  storage: Pick<Storage, 'getItem'>,
): Promise<LegacyImportResult> {
  const raw = storage.getItem(LEGACY_POSITIONS_KEY);
  if (raw === null) return { imported: 0, rejected: [] };
  let entries: unknown;
  try {
    entries = JSON.parse(raw);
  } catch (error: unknown) {
    return {
      imported: 0,
      rejected: [`localStorage.${LEGACY_POSITIONS_KEY} is not JSON: ${String(error)}`],
    };
  }
  if (!Array.isArray(entries)) {
    return { imported: 0, rejected: [`localStorage.${LEGACY_POSITIONS_KEY} is not an array`] };
  }
  const rejected: string[] = [];
  const byId = new Map<number, Position>();
  entries.forEach((entry: unknown, index) => {
    try {
      const position = parsePosition(entry);
      if (byId.has(position.id)) throw new Error(`id ${position.id} appears twice`);
      byId.set(position.id, position);
    } catch (error: unknown) {
      rejected.push(`entry ${index}: ${(error as Error).message}`);
    }
  });
  await table.bulkAdd([...byId.values()].map(toStoredPosition));
  return { imported: byId.size, rejected };
}
