import { describe, expect, it } from '@jest/globals';
import { type Candle, type UnixSeconds } from '@pairwatch/domain';
import fc from 'fast-check';
import { candleArbitrary } from '../test-support/candleArbitrary';
import { CandlePageTexts } from './CandlePageTexts';

/** What the candle cache does to a page between two asks of it. */
type Change =
  | { readonly kind: 'moveForming'; readonly close: number }
  | { readonly kind: 'open'; readonly count: number }
  | { readonly kind: 'replace'; readonly at: number }
  | { readonly kind: 'older'; readonly count: number }
  | { readonly kind: 'cut'; readonly keep: number }
  | { readonly kind: 'other'; readonly page: Candle[] }
  | { readonly kind: 'same' };

const change: fc.Arbitrary<Change> = fc.oneof(
  fc.record({ kind: fc.constant('moveForming' as const), close: fc.double() }),
  fc.record({ kind: fc.constant('open' as const), count: fc.integer({ min: 1, max: 6 }) }),
  fc.record({ kind: fc.constant('replace' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('older' as const), count: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant('cut' as const), keep: fc.nat() }),
  fc.record({
    kind: fc.constant('other' as const),
    page: fc.array(candleArbitrary, { maxLength: 12 }),
  }),
  fc.record({ kind: fc.constant('same' as const) }),
);

let clock = 0;
/** A candle object not seen before (the cache makes a new object for every change). */
function fresh(close: number): Candle {
  clock += 60;
  return { time: clock as UnixSeconds, open: 1, high: 2, low: 0.5, close };
}

/** The page after `applied` to `page`: new objects where the cache would make them, the rest kept. */
function applied(page: readonly Candle[], what: Change): Candle[] {
  switch (what.kind) {
    case 'moveForming':
      return page.length === 0
        ? []
        : [...page.slice(0, -1), { ...page.at(-1)!, close: what.close }];
    case 'open': {
      // New candles open: the oldest leave a page of fixed length.
      const opened = Array.from({ length: what.count }, (_, i) => fresh(i));
      return [...page, ...opened].slice(Math.min(what.count, page.length));
    }
    case 'replace':
      return page.map((candle, i) => (i === what.at % page.length ? { ...candle } : candle));
    case 'older':
      return [...Array.from({ length: what.count }, (_, i) => fresh(-i)), ...page];
    case 'cut':
      return page.slice(0, what.keep % (page.length + 1));
    case 'other':
      return what.page;
    case 'same':
      return [...page];
  }
}

describe('CandlePageTexts', () => {
  it('writes each page as JSON.stringify would, however it changed since its last text', () => {
    fc.assert(
      fc.property(
        fc.array(candleArbitrary, { maxLength: 12 }),
        fc.array(change, { maxLength: 12 }),
        (start: Candle[], changes: Change[]) => {
          const texts = new CandlePageTexts();
          let page: Candle[] = start;
          expect(texts.text('BTCUSDT|OneMinute|500', page)).toBe(JSON.stringify(page));
          for (const what of changes) {
            page = applied(page, what);
            expect(texts.text('BTCUSDT|OneMinute|500', page)).toBe(JSON.stringify(page));
          }
        },
      ),
      { numRuns: 1_000 },
    );
  });

  it('keeps each page apart, and remembers at most its limit of pages', () => {
    const texts = new CandlePageTexts(2);
    const a = [fresh(1), fresh(2)];
    const b = [fresh(3)];
    const c = [fresh(4), fresh(5), fresh(6)];

    expect(texts.text('a', a)).toBe(JSON.stringify(a));
    expect(texts.text('b', b)).toBe(JSON.stringify(b));
    // Page a moved on by a candle: written from its own last text, not b's.
    const movedA = [a[1]!, fresh(7)];
    expect(texts.text('a', movedA)).toBe(JSON.stringify(movedA));
    expect(texts.text('c', c)).toBe(JSON.stringify(c));

    expect(texts.size).toBe(2);
  });
});
