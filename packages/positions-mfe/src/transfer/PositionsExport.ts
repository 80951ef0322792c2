import { type Position } from '@pairwatch/domain';
import { parsePosition } from '../store/parsePosition';

/** The `format` tag of a positions export file. */
export const POSITIONS_EXPORT_FORMAT = 'pairwatch.positions';

/** The version of the export file layout this app writes and reads. */
export const POSITIONS_EXPORT_VERSION = 1;

/** The JSON envelope of an exported positions file. */
export interface PositionsExport {
  readonly format: typeof POSITIONS_EXPORT_FORMAT;
  readonly version: typeof POSITIONS_EXPORT_VERSION;
  /** ISO 8601 time of the export. */
  readonly exportedAt: string;
  readonly positions: readonly Position[];
}

/** Wraps positions in the versioned export envelope. */
export function createPositionsExport(
  positions: readonly Position[],
  exportedAt: Date,
): PositionsExport {
  return {
    format: POSITIONS_EXPORT_FORMAT,
    version: POSITIONS_EXPORT_VERSION,
    exportedAt: exportedAt.toISOString(),
    positions,
  };
}

/**
 * Reads an export file's text and returns its positions, all validated (domain form rules, whole
 * unique ids, end price exactly with an end reason).
 *
 * @throws Error saying why the file cannot be imported; the caller writes nothing then.
 */
export function parsePositionsExport(text: string): Position[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error: unknown) {
    throw new Error(`The file is not JSON (${(error as Error).message})`);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new Error('The file is not a Pairwatch positions export');
  }
  const envelope = data as Record<string, unknown>;
  if (envelope.format !== POSITIONS_EXPORT_FORMAT) {
    throw new Error(
      `The file is not a Pairwatch positions export (format ${JSON.stringify(envelope.format)}, expected "${POSITIONS_EXPORT_FORMAT}")`,
    );
  }
  if (envelope.version !== POSITIONS_EXPORT_VERSION) {
    throw new Error(
      `Unsupported export version ${JSON.stringify(envelope.version)} (this app reads version ${POSITIONS_EXPORT_VERSION})`,
    );
  }
  if (!Array.isArray(envelope.positions)) {
    throw new Error('The file has no positions list');
  }
  const seen = new Map<number, number>();
  return envelope.positions.map((entry: unknown, index) => {
    let position: Position;
    try {
      position = parsePosition(entry);
    } catch (error: unknown) {
      throw new Error(`Position ${index + 1}: ${(error as Error).message}`);
    }
    const earlier = seen.get(position.id);
    if (earlier !== undefined) {
      throw new Error(`Positions ${earlier + 1} and ${index + 1} have the same id ${position.id}`);
    }
    seen.set(position.id, index);
    return position;
  });
}
