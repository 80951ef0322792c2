import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { type MarketSource } from './fetchMarketSource';

/** Props of {@link SimulatedMarketChip}. */
export interface SimulatedMarketChipProps {
  readonly source: MarketSource | undefined;
}

/**
 * A visible "Simulated market" chip whenever the api runs on its exchange simulator, so nobody
 * mistakes simulated prices for real ones (architecture §2). Renders nothing otherwise.
 */
export function SimulatedMarketChip({ source }: SimulatedMarketChipProps) {
  if (source !== 'simulator') return null;
  return (
    <Tooltip title="Prices come from Pairwatch's built-in exchange simulator, not from Binance.">
      <Chip label="Simulated market" color="warning" size="small" variant="filled" />
    </Tooltip>
  );
}
