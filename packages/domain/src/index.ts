export { type Nominal } from './Nominal';
export {
  type UnixSeconds,
  type UnixMillis,
  type Price,
  type Quantity,
  toUnixSeconds,
  toUnixMillis,
} from './units';
export {
  type NumberFormat,
  type SymbolInfo,
  type SymbolId,
  SYMBOLS,
  DEFAULT_SYMBOL,
  SYMBOL_CATALOGUE,
  isSymbolId,
  formatFromStep,
} from './symbols';
export {
  type Interval,
  type IntervalInfo,
  type BinanceIntervalCode,
  INTERVALS,
  INTERVAL_INFO,
  DEFAULT_INTERVAL,
  isInterval,
  intervalFromBinanceCode,
  intervalShowsTime,
  intervalOpenTime,
  nextIntervalOpen,
  previousIntervalOpen,
} from './intervals';
export { type Candle, type CandleUpdate } from './Candle';
export {
  type RsiCandle,
  RSI_LOOKBACK,
  RSI_OVERBOUGHT,
  RSI_OVERSOLD,
  RsiCalculator,
  computeRsiCandles,
  hasRsiValue,
  rsiFromAverages,
} from './rsi';
export {
  type PositionSide,
  type PositionEndReason,
  type Position,
  type Pnl,
  POSITION_SIDES,
  computePnl,
  unrealizedPnl,
  realizedPnl,
  formatPnlPercent,
  isPositionOpen,
  isTakeProfitReached,
} from './pnl';
export {
  type Alert,
  type AlertType,
  type AlertStatus,
  type AlertDirection,
  ALERT_TYPES,
  alertDirection,
  alertFires,
  alertFiresWithin,
} from './alerts';
export { formatNumber } from './formatNumber';
export { VALIDATION_MESSAGES } from './validationMessages';
export {
  alertFormSchema,
  positionFormSchema,
  parseNumberInput,
  type AlertFormValues,
  type PositionFormValues,
} from './schemas';
export { describeAlertTrigger, type AlertTriggerText } from './describeAlertTrigger';
