import { type Candle } from '@pairwatch/domain';
import { candleText } from './candleText';

/** How far a page may have moved since its last text, in candles opened, for its text to be reused. */
const MAX_SHIFT = 4;

interface PageText {
  readonly candles: readonly Candle[];
  readonly json: string;
  /** `ends[i]`: where candle i's text ends in `json` (the index just past it). */
  readonly ends: Int32Array;
}

/**
 * The `GET /candles` answers' JSON (the text `JSON.stringify` writes), each page's made from its
 * previous text: the candles both share — the same objects, in the same order, since the candle
 * cache replaces a candle rather than changes it — are one slice of that text, and only the
 * candles new to the page are written. Every stream's forming candle moves every 2 s, so every
 * page a chart asks for has changed since it was last written: joining its 500 kept candle texts
 * took about 0.7 ms, 80 pages at once every 2 s in `pnpm bench:load`, on the thread that also
 * broadcasts those moves to the hub.
 *
 * A page is found again by its key (the query); the least recently used are forgotten past
 * `maxPages`.
 */
export class CandlePageTexts {
  private readonly pages = new Map<string, PageText>();

  constructor(private readonly maxPages = 256) {}

  /** Pages remembered. */
  get size(): number {
    return this.pages.size;
  }

  /** The JSON of `candles`, the page asked for with `key`. */
  text(key: string, candles: readonly Candle[]): string {
    const previous = this.pages.get(key);
    const page = previous ? after(previous, candles) : written(candles);
    this.pages.delete(key);
    this.pages.set(key, page);
    if (this.pages.size > this.maxPages) {
      const oldest = this.pages.keys().next().value;
      if (oldest !== undefined) this.pages.delete(oldest);
    }
    return page.json;
  }
}

/** `candles` written whole. */
function written(candles: readonly Candle[]): PageText {
  return withTail(candles, '[', new Int32Array(candles.length), 0);
}

/** `candles` from the previous text of its page: the run both share is reused, the rest written. */
function after(previous: PageText, candles: readonly Candle[]): PageText {
  const first = candles[0];
  if (first === undefined) return written(candles);
  // Where the page's first candle was: at 0 while no candle opened, further once some did.
  let shift = 0;
  const last = Math.min(MAX_SHIFT, previous.candles.length - 1);
  while (shift <= last && previous.candles[shift] !== first) shift += 1;
  if (shift > last) return written(candles);
  let shared = 1;
  while (
    shared < candles.length &&
    shift + shared < previous.candles.length &&
    previous.candles[shift + shared] === candles[shared]
  ) {
    shared += 1;
  }
  // Candle `shift`'s text starts after '[' or after the comma that follows the one before it.
  const start = shift === 0 ? 1 : previous.ends[shift - 1]! + 1;
  const end = previous.ends[shift + shared - 1]!;
  const ends = new Int32Array(candles.length);
  // In the new text the shared run starts at 1.
  for (let i = 0; i < shared; i += 1) ends[i] = previous.ends[shift + i]! - start + 1;
  return withTail(candles, `[${previous.json.slice(start, end)}`, ends, shared);
}

/** `head` (the text up to candle `from`, without its comma) followed by the rest of `candles`. */
function withTail(
  candles: readonly Candle[],
  head: string,
  ends: Int32Array,
  from: number,
): PageText {
  let json = head;
  for (let i = from; i < candles.length; i += 1) {
    json += `${i === 0 ? '' : ','}${candleText(candles[i]!)}`;
    ends[i] = json.length;
  }
  return { candles, json: `${json}]`, ends };
}
