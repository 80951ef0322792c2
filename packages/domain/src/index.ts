// The public surface of @pairwatch/domain: every name another package may import, by module.
// Names a module exports but does not list here are for domain's own modules and tests.

// time: branded Unix seconds and milliseconds.
export { type UnixSeconds, type UnixMillis, toUnixSeconds, toUnixMillis } from './time';

// symbols: the supported pairs, their catalogue and formats, logos, the Alerts screen's stored symbol.
export {
  type SymbolId,
  type DefaultSymbolId,
  type NumberFormat,
  type SymbolInfo,
  DEFAULT_SYMBOLS,
  DEFAULT_SYMBOL,
  isSymbolId,
  isDefaultSymbol,
  DEFAULT_SYMBOL_CATALOGUE,
  defaultSymbolInfo,
  guessSymbolInfo,
  formatFromStep,
  ALERTS_STORE_KEY,
  persistedAlertsSymbol,
  parseSymbolsInfo,
} from './symbols';

// assetIcons: which base assets have a bundled logo, its file, and the asset's full name.
export { assetIconFile, assetName } from './assetIcons';

// intervals: the supported intervals, their facts, and candle open times.
export {
  type Interval,
  INTERVALS,
  DEFAULT_INTERVAL,
  isInterval,
  INTERVAL_INFO,
  intervalShowsTime,
  intervalOpenTime,
  nextIntervalOpen,
  previousIntervalOpen,
} from './intervals';

// candles: the OHLC(V) bar and its live update.
export { type Candle, type CandleUpdate, parseCandles, parseCandle } from './candles';

// rsi: levels, RSI candles and the Wilder calculator.
export {
  RSI_LOOKBACK,
  RSI_OVERBOUGHT,
  RSI_OVERSOLD,
  type RsiCandle,
  hasRsiValue,
  RsiCalculator,
  computeRsiCandles,
} from './rsi';

// positions: the browser-local position model.
export {
  type Position,
  type PositionSide,
  type PositionEndReason,
  POSITION_SIDES,
  isPositionOpen,
} from './positions';

// pnl: profit and loss, its percent as shown, and the take-profit fill rule.
export {
  type Pnl,
  computePnl,
  unrealizedPnl,
  realizedPnl,
  formatPnlPercent,
  isTakeProfitReached,
} from './pnl';

// alertRules: the alert model, the original rule's direction and what a candle shows a watcher.
export {
  type Alert,
  type AlertType,
  type AlertStatus,
  ALERT_TYPES,
  ALERT_STATUSES,
  type AlertDirection,
  alertDirection,
  priceSeenSince,
} from './alertRules';

// alertCondition: every condition an alert can watch, its frequency, levels and flags (the seam).
export {
  ALERT_CONDITIONS,
  type AlertCondition,
  DEFAULT_CONDITION,
  isAlertCondition,
  ALERT_FREQUENCIES,
  type AlertFrequency,
  DEFAULT_FREQUENCY,
  isAlertFrequency,
  CONDITION_INFO,
  FREQUENCY_LABELS,
  ALERT_LIMITS,
  type ConditionLevels,
  conditionLevels,
  levelFlags,
  type LevelChange,
  conditionEvent,
  conditionHolds,
  movingPercentHolds,
  movedPercent,
  defaultAlertInterval,
} from './alertCondition';

// alertMachine: one alert judged over the values it observes (the engine's reference).
export {
  type FormingBar,
  pricePath,
  type AlertObservation,
  frequencyPeriod,
  type MachineAlert,
  type AlertMachineState,
  initialMachineState,
  mayFireAgain,
  stepAlert,
} from './alertMachine';

// alertWords: what an alert watches and what a firing did, in words.
export {
  describeAlertCondition,
  describeAlertFrequency,
  type AlertFiring,
  type AlertTriggerText,
  describeAlertTrigger,
} from './alertWords';

// formatting: numbers as the product shows them.
export { formatNumber, formatAsEntered } from './formatting';

// schemas: form validation shared by the screens and the api.
export {
  parseNumberInput,
  alertFormSchema,
  positionFieldsSchema,
  positionFormSchema,
} from './schemas';

// webhookTemplate: what a webhook template may hold (the api renders it, the screen lists it).
export {
  WEBHOOK_PLACEHOLDERS,
  type WebhookPlaceholder,
  MAX_WEBHOOK_TEMPLATE_LENGTH,
} from './webhookTemplate';

// deliveries: an alert's deliveries to its owner's channels, as the api answers them.
export { type AlertDelivery, type ChannelKind } from './deliveries';
