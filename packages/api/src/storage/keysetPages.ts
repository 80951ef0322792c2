/** One page of a list read in key order: the rows after `after`, at most `limit` of them. */
export interface KeysetPage {
  readonly after?: string | undefined;
  readonly limit: number;
}

/**
 * Reads a list a page at a time in key order (each page starts after the last key of the one
 * before) until a page comes back short, letting the event loop run between pages: SQLite answers
 * within the same turn, and a list of 1,000,000 read at once held the loop for seconds (issue #27).
 * Stop early by leaving the `for await` loop.
 */
export async function* keysetPages<T>(
  read: (page: KeysetPage) => Promise<T[]>,
  keyOf: (row: T) => string,
  limit: number,
): AsyncGenerator<T[]> {
  let after: string | undefined = undefined;
  for (;;) {
    const page = await read({ after, limit });
    yield page;
    const last = page.at(-1);
    if (page.length < limit || last === undefined) return;
    after = keyOf(last);
    await new Promise((resolve) => setImmediate(resolve));
  }
}
