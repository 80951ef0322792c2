import { afterAll, beforeAll, describe, it } from '@jest/globals';
import pg from 'pg';

/** A throwaway database of a PostgreSQL test suite; `url` is set once the suite has started. */
export interface TestDatabase {
  readonly url: string;
  /** Runs one statement as an administrator connected to the test database. */
  query<R extends pg.QueryResultRow>(statement: string, values?: unknown[]): Promise<R[]>;
}

/**
 * Declares a suite that runs against a fresh PostgreSQL database made on `TEST_DATABASE_URL`'s
 * server and dropped afterwards. Without `TEST_DATABASE_URL` it fails when `CI` is set (CI must
 * run it) and otherwise prints that the suite was NOT RUN, rather than skipping it silently.
 */
export function describeWithPostgres(title: string, suite: (database: TestDatabase) => void): void {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl === undefined || serverUrl === '') {
    if (process.env.CI) {
      describe(title, () => {
        it('runs in CI, so TEST_DATABASE_URL must point at a PostgreSQL server', () => {
          throw new Error(`TEST_DATABASE_URL is not set but CI is: '${title}' must run in CI.`);
        });
      });
    } else {
      console.warn(
        `${title}: PostgreSQL tests NOT RUN. Set TEST_DATABASE_URL=postgres://… to run them ` +
          '(CI runs them and fails without it).',
      );
      // Shown as skipped in the report, and a file of PostgreSQL suites only still has a test.
      describe(title, () => {
        it.skip('NOT RUN: needs TEST_DATABASE_URL', () => undefined);
      });
    }
    return;
  }
  const name = `pairwatch_${title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .slice(0, 30)}_${process.pid}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  let client: pg.Client | undefined;
  const database: TestDatabase = {
    url: url.href,
    async query<R extends pg.QueryResultRow>(statement: string, values?: unknown[]) {
      if (!client) {
        client = new pg.Client({ connectionString: url.href });
        await client.connect();
      }
      return (await client.query<R>(statement, values)).rows;
    },
  };

  describe(`${title} (PostgreSQL)`, () => {
    beforeAll(async () => {
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${name}`);
    });
    afterAll(async () => {
      await client?.end();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    });
    // Nested, so that the suite's own afterAll hooks run before the database is dropped.
    describe(title, () => suite(database));
  });
}
