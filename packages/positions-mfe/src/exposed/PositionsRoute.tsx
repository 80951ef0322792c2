import { getMarketData } from '@pairwatch/market-data';
import { PositionsScreen } from '../PositionsScreen';
import { getPositionStore } from '../store/getPositionStore';

/**
 * The Positions screen as the shell's `/positions` route (Module Federation `./PositionsRoute`).
 * It uses the shell's theme, toaster and market-data client (configured by the shell).
 */
export default function PositionsRoute() {
  return <PositionsScreen store={getPositionStore()} market={getMarketData()} />;
}
