export { startExchangeSim } from './startExchangeSim';
export {
  ExchangeSimServer,
  type ExchangeSimOptions,
  type ExchangeSimHandle,
} from './server/ExchangeSimServer';
export {
  type ExchangeSimControls,
  type ExchangeSimState,
  type RateLimitFault,
  type ServerErrorFault,
} from './control/ExchangeSimControls';
export { SimControls } from './control/SimControls';
export { ControlApi } from './control/ControlApi';
export {
  MarketSimulator,
  DEFAULT_ANCHOR_TIME,
  type MarketSimulatorOptions,
  type KlineQuery,
  type PriceMove,
  type PriceChange,
} from './market/MarketSimulator';
export { type Kline } from './market/Kline';
export { KlineInterval, KLINE_CODES, type KlineCode } from './market/KlineInterval';
export { SimInputError } from './market/SimInputError';
export { formatUnits } from './market/formatUnits';
export { parseTimeZone } from './market/parseTimeZone';
export { PriceModel, type PriceModelOptions } from './model/PriceModel';
export { type Ohlcv } from './model/Ohlcv';
export { SYMBOL_PROFILES, type SymbolProfile } from './model/symbolProfiles';
export { RestApi, type RestApiOptions } from './rest/RestApi';
export { BinanceError } from './rest/BinanceError';
export { RestFaults, type RestFaultState } from './rest/RestFaults';
export { RequestWeightLimiter } from './rest/RequestWeightLimiter';
export { buildExchangeInfo } from './rest/buildExchangeInfo';
export { klineRow, type KlineRow } from './rest/klineRow';
export { type SimTimers } from './timers/SimTimers';
export { realTimers } from './timers/realTimers';
export { StreamServer, type StreamServerOptions } from './ws/StreamServer';
export { klineEvent, type KlineEvent } from './ws/klineEvent';
export { parseStreamName, type KlineStream } from './ws/parseStreamName';
