import { getMarketData } from '@pairwatch/market-data';
import { browserStorage } from '../market/lastCandles';
import { PositionsScreen } from '../PositionsScreen';
import { PositionsDatabase } from '../store/PositionsDatabase';
import { PositionStore } from '../store/PositionStore';

let shared: PositionStore | undefined;

/**
 * The tab's one store on the browser's IndexedDB, opened on first use: every mount of the screen
 * reuses the same database connection.
 */
function getPositionStore(): PositionStore {
  shared ??= new PositionStore(new PositionsDatabase());
  return shared;
}

/**
 * The Positions screen as the shell's `/positions` route (Module Federation `./PositionsRoute`).
 * It uses the shell's theme, toaster and market-data client (configured by the shell).
 */
export default function PositionsRoute() {
  return (
    <PositionsScreen
      store={getPositionStore()}
      market={getMarketData()}
      priceMemory={browserStorage()}
    />
  );
}
