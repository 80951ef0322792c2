import { type SymbolId } from '@pairwatch/domain';
import { SimCatalogue } from '../catalogue/SimCatalogue';
import { KlineInterval, parseTimeZone } from '../market/KlineInterval';

/** A kline stream the simulator serves. */
export interface KlineStream {
  /** The name as the client wrote it (what LIST_SUBSCRIPTIONS and the combined envelope show). */
  readonly name: string;
  readonly symbol: SymbolId;
  readonly interval: KlineInterval;
  /** Zone offset east of UTC (ms) for `<symbol>@kline_<interval>@+08:00` streams. */
  readonly timeZoneOffsetMs: number;
}

const STREAM_REGEX = /^([a-z0-9]+)@kline_([0-9]{1,2}[smhdwM])(?:@([+-][0-9]{1,2}:[0-9]{2}))?$/;

/**
 * Parses `<symbol>@kline_<interval>` (lowercase symbol, as Binance requires; `1M` keeps its
 * uppercase M) with an optional `@+08:00` zone, or `undefined` for anything else, a pair the
 * catalogue does not list included.
 */
export function parseStreamName(
  name: string,
  catalogue: SimCatalogue = SimCatalogue.standard(),
): KlineStream | undefined {
  const match = STREAM_REGEX.exec(name);
  if (!match) return undefined;
  const symbol = (match[1] ?? '').toUpperCase();
  const interval = KlineInterval.parse(match[2] ?? '');
  const timeZoneOffsetMs = match[3] === undefined ? 0 : parseTimeZone(match[3]);
  if (!catalogue.get(symbol) || !interval || timeZoneOffsetMs === undefined) return undefined;
  return { name, symbol, interval, timeZoneOffsetMs };
}
