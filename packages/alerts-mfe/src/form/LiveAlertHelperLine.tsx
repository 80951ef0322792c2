import { type Interval, type SymbolId } from '@pairwatch/domain';
import { useLivePrice } from '../hooks/useLivePrice';
import { type AlertsMarketData } from '../screen/AlertsServices';
import { AlertHelperLine } from './AlertHelperLine';

/** Props of {@link LiveAlertHelperLine}. */
export interface LiveAlertHelperLineProps {
  readonly market: AlertsMarketData;
  readonly symbol: SymbolId;
  /** The chart's interval: its stream is already open, so the price costs no extra subscription. */
  readonly interval: Interval;
  readonly target: number | undefined;
  readonly precision: number;
}

/**
 * The helper line fed with the live price. Only this small component re-renders on each tick,
 * not the form or the screen around it.
 */
export function LiveAlertHelperLine({
  market,
  symbol,
  interval,
  target,
  precision,
}: LiveAlertHelperLineProps) {
  const livePrice = useLivePrice(market, symbol, interval);
  return (
    <AlertHelperLine symbol={symbol} livePrice={livePrice} target={target} precision={precision} />
  );
}
