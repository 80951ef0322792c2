// The package's public names. The shell loads the screen through Module Federation
// (`positions_mfe/PositionsRoute`, src/exposed/PositionsRoute.tsx), never through this file; it
// lists what the remote is built from, for tests and tools.
export { PositionsScreen, type PositionsScreenProps } from './PositionsScreen';
export {
  PositionStore,
  type NewPosition,
  type PositionChanges,
  type PriceRange,
} from './store/PositionStore';
export {
  PositionsDatabase,
  POSITIONS_DB_NAME,
  POSITIONS_SCHEMA_VERSION,
  type PositionsDatabaseOptions,
} from './store/PositionsDatabase';
export { PositionNotFoundError } from './store/PositionNotFoundError';
export { LEGACY_POSITIONS_KEY, type LegacyImportResult } from './store/importLegacyPositions';
export { getPositionStore } from './store/getPositionStore';
export {
  POSITIONS_EXPORT_FORMAT,
  POSITIONS_EXPORT_VERSION,
  type PositionsExport,
} from './transfer/PositionsExport';
export { createPositionsExport } from './transfer/createPositionsExport';
export { parsePositionsExport } from './transfer/parsePositionsExport';
export { MAX_POSITIONS_FILE_BYTES, readPositionsFile } from './transfer/readPositionsFile';
export { TakeProfitWatcher, type TakeProfitHit } from './prices/TakeProfitWatcher';
export {
  LIVE_QUERY_FIRST_RETRY_MS,
  LIVE_QUERY_MAX_RETRY_MS,
  liveQueryRetryDelay,
} from './store/liveQueryRetryDelay';
export { POSITIONS_SETTINGS_KEY } from './settings/useNewPositionSymbol';
export { type PositionsMarket } from './market/PositionsMarket';
