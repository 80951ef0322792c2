import { describe, expect, it } from '@jest/globals';
import Database from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { BusyRetryingSqliteDialect } from './BusyRetryingSqliteDialect';

interface Schema {
  item: { id: number; name: string };
}

/** An in-memory database whose `prepare` calls are counted per SQL text. */
function countingDatabase() {
  const database = new Database(':memory:');
  const prepared = new Map<string, number>();
  const prepare = database.prepare.bind(database);
  database.prepare = ((source: string) => {
    prepared.set(source, (prepared.get(source) ?? 0) + 1);
    return prepare(source);
  }) as typeof database.prepare;
  const db = new Kysely<Schema>({
    dialect: new BusyRetryingSqliteDialect({ database, lockTimeoutMs: 1_000 }),
  });
  return { db, prepared };
}

describe('BusyRetryingSqliteDialect', () => {
  it('prepares a statement once and reuses it, in and out of transactions', async () => {
    const { db, prepared } = countingDatabase();
    await sql`CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL)`.execute(db);
    for (let i = 1; i <= 5; i += 1) {
      await db
        .insertInto('item')
        .values({ id: i, name: `n${i}` })
        .execute();
      await db
        .transaction()
        .execute((trx) => trx.selectFrom('item').select('name').where('id', '=', i).execute());
    }
    const rows = await db.selectFrom('item').select('name').orderBy('id').execute();

    expect(rows.map((row) => row.name)).toEqual(['n1', 'n2', 'n3', 'n4', 'n5']);
    const insert = [...prepared].find(([text]) => text.startsWith('insert into "item"'));
    const select = [...prepared].find(([text]) => text.includes('where "id" = ?'));
    expect(insert?.[1]).toBe(1);
    expect(select?.[1]).toBe(1);
    expect(prepared.get('BEGIN IMMEDIATE')).toBe(1);
    await db.destroy();
  });

  it('answers with the new schema after a change, through a statement prepared before it', async () => {
    const { db } = countingDatabase();
    await sql`CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL)`.execute(db);
    await db.insertInto('item').values({ id: 1, name: 'a' }).execute();
    const before = await sql<Record<string, unknown>>`SELECT * FROM item`.execute(db);
    await sql`ALTER TABLE item ADD COLUMN note TEXT DEFAULT 'x'`.execute(db);
    const after = await sql<Record<string, unknown>>`SELECT * FROM item`.execute(db);

    expect(before.rows).toEqual([{ id: 1, name: 'a' }]);
    expect(after.rows).toEqual([{ id: 1, name: 'a', note: 'x' }]);
    await db.destroy();
  });
});
