import { quoteInput } from '../errors/quoteInput';

/**
 * The `detail` of an unknown-symbol error, the same from `GET /candles`, the hub and
 * `POST /alerts`: the pair as sent (quoted, shortened) and where the traded pairs are listed.
 */
export function unknownSymbolText(symbol: string): string {
  return `Unknown symbol ${quoteInput(symbol)}: the market does not trade it now. GET /symbols lists the pairs it trades, e.g. BTCUSDT or ETHBTC.`;
}
