import {
  type Alert,
  type SymbolInfo,
  CONDITION_INFO,
  guessSymbolInfo,
  formatAsEntered,
  formatNumber,
} from '@pairwatch/domain';
import { formatAlertValue } from './formatAlertValue';

/**
 * The Value Target cell: the level as {@link formatAlertValue} writes it (`65,000.00 USDT`), a
 * channel's two bounds (`2,300.00–2,400.00 USDT`), or a percent move's percent (`5 %`), which is
 * no price and must not read as one.
 */
export function formatAlertTarget(
  alert: Pick<Alert, 'symbol' | 'type' | 'condition' | 'valueTarget' | 'valueUpper'>,
  liveInfo?: SymbolInfo,
): string {
  switch (CONDITION_INFO[alert.condition].shape) {
    case 'level':
      return formatAlertValue(alert, alert.valueTarget, liveInfo);
    case 'channel': {
      const upper = formatAlertValue(alert, alert.valueUpper ?? alert.valueTarget, liveInfo);
      if (alert.type === 'Rsi') return `${formatNumber(alert.valueTarget, 2)}–${upper}`;
      const info = liveInfo?.symbol === alert.symbol ? liveInfo : guessSymbolInfo(alert.symbol);
      return `${formatAsEntered(alert.valueTarget, info.priceFormat.precision)}–${upper}`;
    }
    case 'move':
      return `${formatNumber(alert.valueTarget, Number.isInteger(alert.valueTarget) ? 0 : 1)} %`;
  }
}
