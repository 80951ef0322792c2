export { type Nominal } from './Nominal';
export { type UnixSeconds, toUnixSeconds } from './UnixSeconds';
export { type UnixMillis, toUnixMillis } from './UnixMillis';
export { type NumberFormat, type SymbolInfo } from './SymbolInfo';
export { type SymbolId, SYMBOLS, DEFAULT_SYMBOL, isSymbolId } from './SymbolId';
export { ALERTS_STORE_KEY, persistedAlertsSymbol } from './persistedAlertsSymbol';
export { SYMBOL_CATALOGUE } from './SYMBOL_CATALOGUE';
export { symbolIconFile } from './symbolIconFile';
export { formatFromStep } from './formatFromStep';
export { type Interval, INTERVALS, DEFAULT_INTERVAL, isInterval } from './Interval';
export { type IntervalInfo, type BinanceIntervalCode, INTERVAL_INFO } from './INTERVAL_INFO';
export { intervalShowsTime } from './intervalShowsTime';
export { intervalOpenTime } from './intervalOpenTime';
export { nextIntervalOpen } from './nextIntervalOpen';
export { previousIntervalOpen } from './previousIntervalOpen';
export { type Candle, type CandleUpdate } from './Candle';
export { RSI_LOOKBACK, RSI_OVERBOUGHT, RSI_OVERSOLD } from './rsiLevels';
export { type RsiCandle, hasRsiValue } from './RsiCandle';
export { rsiFromAverages } from './rsiFromAverages';
export { RsiCalculator } from './RsiCalculator';
export { computeRsiCandles } from './computeRsiCandles';
export {
  type Position,
  type PositionSide,
  type PositionEndReason,
  POSITION_SIDES,
  isPositionOpen,
} from './Position';
export { type Pnl, computePnl } from './computePnl';
export { unrealizedPnl } from './unrealizedPnl';
export { realizedPnl } from './realizedPnl';
export { formatPnlPercent } from './formatPnlPercent';
export { isTakeProfitReached } from './isTakeProfitReached';
export { type Alert, type AlertType, type AlertStatus, ALERT_TYPES } from './Alert';
export { type AlertDirection, alertDirection } from './alertDirection';
export { alertFires } from './alertFires';
export { priceSeenSince } from './priceSeenSince';
export { formatNumber } from './formatNumber';
export { formatAsEntered } from './formatAsEntered';
export { VALIDATION_MESSAGES } from './validationMessages';
export { parseNumberInput } from './parseNumberInput';
export { alertFormSchema } from './alertFormSchema';
export {
  positionFieldsSchema,
  positionFormSchema,
  withTakeProfitOnProfitSide,
} from './positionFormSchema';
export { describeAlertTrigger, type AlertTriggerText } from './describeAlertTrigger';
