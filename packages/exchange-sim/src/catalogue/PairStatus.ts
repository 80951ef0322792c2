/**
 * Binance's trading statuses of a spot pair, as `exchangeInfo` reports them and `symbolStatus=`
 * filters them. Only `TRADING` pairs trade; the others keep their history but get no new klines.
 */
export const PAIR_STATUSES = ['TRADING', 'HALT', 'BREAK', 'CANCEL_ONLY'] as const;

/** One of {@link PAIR_STATUSES}. */
export type PairStatus = (typeof PAIR_STATUSES)[number];
