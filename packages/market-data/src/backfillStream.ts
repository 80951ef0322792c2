import { type CandleStream } from './CandleStream';
import { describeError } from './describeError';
import { type FetchCandlesSince } from './FetchCandlesSince';
import { MarketDataError } from './MarketDataError';

/** A gap is backfilled by pages of this many candles (the api's maximum)… */
const BACKFILL_PAGE_SIZE = 1_000;
/** …and at most this many pages; a longer gap is left to the consumer's history reload. */
const MAX_BACKFILL_PAGES = 10;

/**
 * Emits the candles `stream` missed (from its `resumeFrom` on, fetched by REST, paged), then
 * releases the hold `run` so the live updates held meanwhile follow in order. A failure is
 * reported and the held updates are released anyway; a stream closed or held again meanwhile
 * gets nothing more from this run.
 *
 * @param run - the id `stream.hold()` returned when the gap was found.
 * @returns once the stream is released (never rejects).
 * @example `void backfillStream(stream, stream.hold(), fetchCandlesSince, reportError);`
 */
export async function backfillStream(
  stream: CandleStream,
  run: number,
  fetchCandlesSince: FetchCandlesSince,
  reportError: (error: MarketDataError) => void,
): Promise<void> {
  let from = stream.resumeFrom;
  try {
    for (let page = 0; page < MAX_BACKFILL_PAGES; page += 1) {
      const candles = await fetchCandlesSince(
        stream.symbol,
        stream.interval,
        from,
        BACKFILL_PAGE_SIZE,
      );
      if (!stream.isCurrent(run)) return;
      for (const candle of candles) stream.deliver(candle);
      const last = candles.at(-1);
      if (candles.length < BACKFILL_PAGE_SIZE || !last || last.time <= from) break;
      from = last.time;
    }
  } catch (error) {
    if (stream.isCurrent(run)) {
      reportError(
        error instanceof MarketDataError
          ? error
          : new MarketDataError('candles', { detail: describeError(error), cause: error }),
      );
    }
  } finally {
    stream.release(run);
  }
}
