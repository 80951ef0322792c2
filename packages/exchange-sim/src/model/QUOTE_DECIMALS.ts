/**
 * Decimals of the integer unit of quote volumes (1e-4 USDT). Finer units would overflow the exact
 * integer range of a double for a month of BTC volume.
 */
export const QUOTE_DECIMALS = 4;
