import { type Position } from '@pairwatch/domain';
import {
  POSITIONS_EXPORT_FORMAT,
  POSITIONS_EXPORT_VERSION,
  type PositionsExport,
} from './PositionsExport';

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
