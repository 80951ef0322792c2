import { SYMBOL_CATALOGUE, type SymbolId } from '@pairwatch/domain';
import { formatUnits } from '../market/formatUnits';
import { SYMBOL_PROFILES } from '../model/symbolProfiles';

const ORDER_TYPES = [
  'LIMIT',
  'LIMIT_MAKER',
  'MARKET',
  'STOP_LOSS',
  'STOP_LOSS_LIMIT',
  'TAKE_PROFIT',
  'TAKE_PROFIT_LIMIT',
];
const SELF_TRADE_PREVENTION_MODES = [
  'NONE',
  'EXPIRE_TAKER',
  'EXPIRE_MAKER',
  'EXPIRE_BOTH',
  'DECREMENT',
];

function symbolEntry(symbol: SymbolId): Record<string, unknown> {
  const info = SYMBOL_CATALOGUE[symbol];
  const profile = SYMBOL_PROFILES[symbol];
  const priceDecimals = info.priceFormat.precision;
  const lotDecimals = info.quantityFormat.precision;
  const tickSize = formatUnits(1, priceDecimals);
  const stepSize = formatUnits(1, lotDecimals);
  const maxPrice = formatUnits(profile.maxPrice * 10 ** priceDecimals, priceDecimals);
  const maxQty = formatUnits(profile.maxQuantity * 10 ** lotDecimals, lotDecimals);
  return {
    symbol,
    status: 'TRADING',
    baseAsset: info.baseAsset,
    baseAssetPrecision: 8,
    quoteAsset: info.quoteAsset,
    quotePrecision: 8,
    quoteAssetPrecision: 8,
    baseCommissionPrecision: 8,
    quoteCommissionPrecision: 8,
    orderTypes: ORDER_TYPES,
    icebergAllowed: true,
    ocoAllowed: true,
    otoAllowed: true,
    opoAllowed: true,
    quoteOrderQtyMarketAllowed: true,
    allowTrailingStop: true,
    cancelReplaceAllowed: true,
    amendAllowed: true,
    pegInstructionsAllowed: true,
    isSpotTradingAllowed: true,
    isMarginTradingAllowed: true,
    filters: [
      { filterType: 'PRICE_FILTER', minPrice: tickSize, maxPrice, tickSize },
      { filterType: 'LOT_SIZE', minQty: stepSize, maxQty, stepSize },
      { filterType: 'ICEBERG_PARTS', limit: 10 },
      {
        filterType: 'MARKET_LOT_SIZE',
        minQty: '0.00000000',
        maxQty: formatUnits((profile.maxQuantity / 10) * 10 ** lotDecimals, lotDecimals),
        stepSize: '0.00000000',
      },
      {
        filterType: 'TRAILING_DELTA',
        minTrailingAboveDelta: 10,
        maxTrailingAboveDelta: 2000,
        minTrailingBelowDelta: 10,
        maxTrailingBelowDelta: 2000,
      },
      {
        filterType: 'PERCENT_PRICE_BY_SIDE',
        bidMultiplierUp: '5',
        bidMultiplierDown: '0.2',
        askMultiplierUp: '5',
        askMultiplierDown: '0.2',
        avgPriceMins: 5,
      },
      {
        filterType: 'NOTIONAL',
        minNotional: '5.00000000',
        applyMinToMarket: true,
        maxNotional: '9000000.00000000',
        applyMaxToMarket: false,
        avgPriceMins: 5,
      },
      { filterType: 'MAX_NUM_ORDERS', maxNumOrders: 200 },
      { filterType: 'MAX_NUM_ALGO_ORDERS', maxNumAlgoOrders: 5 },
    ],
    permissions: [],
    permissionSets: [['SPOT', 'MARGIN']],
    defaultSelfTradePreventionMode: 'EXPIRE_MAKER',
    allowedSelfTradePreventionModes: SELF_TRADE_PREVENTION_MODES,
  };
}

/**
 * The `GET /api/v3/exchangeInfo` answer for `symbols`, in Binance's current shape (tick and lot
 * sizes from the domain catalogue, written as Binance strings such as "0.01000000").
 */
export function buildExchangeInfo(
  symbols: readonly SymbolId[],
  serverTime: number,
  weightLimitPerMinute: number,
): Record<string, unknown> {
  return {
    timezone: 'UTC',
    serverTime,
    rateLimits: [
      {
        rateLimitType: 'REQUEST_WEIGHT',
        interval: 'MINUTE',
        intervalNum: 1,
        limit: weightLimitPerMinute,
      },
      { rateLimitType: 'ORDERS', interval: 'SECOND', intervalNum: 10, limit: 100 },
      { rateLimitType: 'ORDERS', interval: 'DAY', intervalNum: 1, limit: 200000 },
      { rateLimitType: 'RAW_REQUESTS', interval: 'MINUTE', intervalNum: 5, limit: 61000 },
    ],
    exchangeFilters: [],
    symbols: symbols.map(symbolEntry),
  };
}
