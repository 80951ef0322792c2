import { type Position } from '@pairwatch/domain';

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
