import { describe, expect, it } from '@jest/globals';
import { type KeysetPage, keysetPages } from './keysetPages';

const rows = ['a', 'b', 'c', 'd', 'e'];

/** The rows after `after`, `limit` of them, recording each page asked for. */
function table(asked: KeysetPage[]) {
  return async (page: KeysetPage) => {
    asked.push(page);
    return rows.filter((row) => page.after === undefined || row > page.after).slice(0, page.limit);
  };
}

describe('keysetPages', () => {
  it('reads page after page, each after the last key, until one comes back short', async () => {
    const asked: KeysetPage[] = [];
    const pages: string[][] = [];

    for await (const page of keysetPages(table(asked), (row) => row, 2)) pages.push(page);

    expect(pages).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
    expect(asked).toEqual([
      { after: undefined, limit: 2 },
      { after: 'b', limit: 2 },
      { after: 'd', limit: 2 },
    ]);
  });

  it('asks once more after a full last page, and stops at the empty one', async () => {
    const asked: KeysetPage[] = [];
    const pages: string[][] = [];

    for await (const page of keysetPages(table(asked), (row) => row, 5)) pages.push(page);

    expect(pages).toEqual([rows, []]);
    expect(asked).toHaveLength(2);
  });

  it('lets the event loop run between pages', async () => {
    const turns: string[] = [];
    const reading = (async () => {
      for await (const page of keysetPages(table([]), (row) => row, 2)) turns.push(page.join(''));
    })();
    // Queued before the first page is read: it runs before the second only if the reader yields.
    setImmediate(() => turns.push('other work'));

    await reading;

    expect(turns).toEqual(['ab', 'other work', 'cd', 'e']);
  });

  it('reads no further page once the caller stops', async () => {
    const asked: KeysetPage[] = [];

    for await (const page of keysetPages(table(asked), (row) => row, 2)) {
      if (page.includes('b')) break;
    }

    expect(asked).toHaveLength(1);
  });
});
