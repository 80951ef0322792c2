import { type PairStatus } from '../catalogue/PairStatus';
import { type SimPair } from '../catalogue/SimPair';
import { formatUnits } from '../market/formatUnits';

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

/**
 * One pair's entry of `GET /api/v3/exchangeInfo` in Binance's current shape: its status, assets and
 * filters, tick and lot sizes written as Binance strings such as "0.01000000".
 */
export function exchangeInfoEntry(pair: SimPair, status: PairStatus): Record<string, unknown> {
  const { symbol, profile, tickDecimals: priceDecimals, lotDecimals } = pair;
  const tickSize = formatUnits(1, priceDecimals);
  const stepSize = formatUnits(1, lotDecimals);
  // Limits are powers of ten times a power of ten: round off the float noise of 0.001 * 1e8.
  const maxPrice = formatUnits(Math.round(profile.maxPrice * 10 ** priceDecimals), priceDecimals);
  const maxQty = formatUnits(Math.round(profile.maxQuantity * 10 ** lotDecimals), lotDecimals);
  const marketMaxQty = formatUnits(
    Math.round((profile.maxQuantity / 10) * 10 ** lotDecimals),
    lotDecimals,
  );
  return {
    symbol,
    status,
    baseAsset: pair.baseAsset,
    baseAssetPrecision: 8,
    quoteAsset: pair.quoteAsset,
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
        maxQty: marketMaxQty,
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
        minNotional: pair.minNotional,
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
