// The store under database faults. PostgreSQL dropping its connections (a restart, a failover,
// `pg_terminate_backend`, an idle kill): the pool reports the dropped connection instead of
// ending the process, and the next query runs on a new connection. A damaged SQLite file: the
// probe `GET /status` runs fails, instead of the store looking healthy.
import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describeWithPostgres } from '../test-support/describeWithPostgres';
import { waitFor } from '@pairwatch/signalr-server/testing';
import { toApiProblem } from '../errors/problemHandlers';
import { alertRecord } from '../test-support/alertRecord';
import { damageSqliteFile } from '../test-support/damageSqliteFile';
import { openAlertStore, SQLITE_FILE_NAME } from './openAlertStore';

describeWithPostgres('alert store connection faults', (database) => {
  it('survives its connections being terminated and reconnects on the next query', async () => {
    const dropped: Error[] = [];
    const store = await openAlertStore({
      databaseUrl: database.url,
      dataDir: os.tmpdir(),
      onConnectionError: (error) => dropped.push(error),
    });
    try {
      // Several idle connections in the pool.
      await Promise.all(
        Array.from({ length: 4 }, (_, i) =>
          store.saveSubscription(
            { endpoint: `https://push.example/${i}`, p256dh: 'k', auth: 'a' },
            `sub-${i}`,
            0 as never,
          ),
        ),
      );

      const [row] = await database.query<{ terminated: string }>(
        `SELECT count(pg_terminate_backend(pid)) AS terminated FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      );

      expect(Number(row?.terminated)).toBeGreaterThan(0);
      await waitFor(() => dropped.length > 0, 'the pool to report a dropped connection');
      // A query may still meet a dead connection the pool has not heard of yet: it fails as a
      // 503 (try again), and the pool replaces the connection for the next one.
      const failures: number[] = [];
      let found: unknown;
      for (let attempt = 0; attempt < 5 && found === undefined; attempt += 1) {
        try {
          found = await store.findSubscription('sub-0');
        } catch (error: unknown) {
          failures.push(toApiProblem(error).status);
        }
      }
      expect(found).toMatchObject({ id: 'sub-0' });
      expect(failures.every((status) => status === 503)).toBe(true);
    } finally {
      await store.close();
    }
  });
});

describe('alert store probe', () => {
  it('passes on a sound SQLite file and fails on one whose tables are damaged', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'probe-'));
    try {
      const store = await openAlertStore({ databaseUrl: undefined, dataDir: dir });
      await store.saveSubscription(
        { endpoint: 'https://p.example/1', p256dh: 'k', auth: 'a' },
        's',
        0 as never,
      );
      for (let i = 0; i < 300; i += 1) {
        await store.createAlert(alertRecord(`a${i}`, 's'), 1000);
      }
      await expect(store.probe()).resolves.toBeUndefined();
      await store.close();
      damageSqliteFile(path.join(dir, SQLITE_FILE_NAME));

      const damaged = await openAlertStore({ databaseUrl: undefined, dataDir: dir });
      // Matched by message: better-sqlite3's errors may come from another realm than jest's
      // Error, where toThrow would not recognise them.
      await expect(damaged.probe()).rejects.toMatchObject({
        message: expect.stringMatching(/malformed|corrupt/i),
      });
      await damaged.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
