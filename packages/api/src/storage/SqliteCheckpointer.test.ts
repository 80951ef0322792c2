import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { SqliteCheckpointer } from './SqliteCheckpointer';

/** Polls `check` every 10 ms until it holds, or fails after `timeoutMs`. */
async function eventually(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('the condition did not hold in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('SqliteCheckpointer', () => {
  let dir: string;
  let file: string;
  let database: SqliteDatabase.Database;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pairwatch-checkpoint-'));
    file = path.join(dir, 'store.sqlite');
    database = new SqliteDatabase(file);
    database.pragma('journal_mode = WAL');
    database.exec('CREATE TABLE rows (id INTEGER PRIMARY KEY, text TEXT NOT NULL)');
  });

  afterEach(() => {
    if (database.open) database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const write = (rows: number) => {
    const insert = database.prepare('INSERT INTO rows (text) VALUES (?)');
    database.transaction(() => {
      for (let i = 0; i < rows; i += 1) insert.run('x'.repeat(500));
    })();
  };

  it('turns the connection’s own checkpoints off and copies the log into the file on its worker', async () => {
    const errors: Error[] = [];
    const checkpointer = new SqliteCheckpointer({
      database,
      file,
      intervalMs: 20,
      onError: (error) => errors.push(error),
    });
    expect(database.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    const before = fs.statSync(file).size;
    // About 2 MB through the log: far past SQLite's 1,000-page automatic checkpoint, which is off.
    write(4_000);
    // Only the worker's connection checkpoints now: the file grows by what the log held.
    await eventually(() => fs.statSync(file).size > before + 1_000_000);
    expect(database.prepare('SELECT count(*) AS n FROM rows').get()).toEqual({ n: 4_000 });
    await checkpointer.close();
    expect(errors).toEqual([]);
  });

  it('keeps the log small while writes come in bursts (it restarts once copied)', async () => {
    const checkpointer = new SqliteCheckpointer({
      database,
      file,
      intervalMs: 10,
      onError: () => undefined,
    });
    for (let burst = 0; burst < 10; burst += 1) {
      write(400); // about 200 KB each, 2 MB in all
      const copied = fs.statSync(file).size + 150_000;
      await eventually(() => fs.statSync(file).size >= copied);
    }
    // Without the worker (and with the automatic checkpoint off) the log would hold all 2 MB.
    expect(fs.statSync(`${file}-wal`).size).toBeLessThan(1_000_000);
    await checkpointer.close();
  });

  it('keeps the log bounded while writes never stop (a passive checkpoint alone never restarts it)', async () => {
    const checkpointer = new SqliteCheckpointer({
      database,
      file,
      intervalMs: 20,
      restartAfterPages: 256, // 1 MiB of 4 KiB pages
      onError: () => undefined,
    });
    // A small transaction every turn for 2 s, as the api writes under load: there is always a
    // write in the log that the last passive checkpoint did not copy yet.
    const insert = database.prepare('INSERT INTO rows (text) VALUES (?)');
    let largestLog = 0;
    let written = 0;
    try {
      const until = Date.now() + 2_000;
      while (Date.now() < until) {
        try {
          database.transaction(() => {
            for (let i = 0; i < 4; i += 1) insert.run('x'.repeat(500));
          })();
          written += 4 * 500;
        } catch (error: unknown) {
          // The truncation holds writers for a moment: the api's store retries them; so does this.
          if (!/^SQLITE_BUSY/.test(String((error as { code?: unknown }).code))) throw error;
        }
        largestLog = Math.max(largestLog, fs.statSync(`${file}-wal`).size);
        await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      await checkpointer.close();
    }
    // Without the truncation the log held everything written, about 6 bytes of log for each byte
    // of rows: 160 MiB for 26 MB in these 2 s. With it, the log peaked at 7.5 MiB.
    expect(written).toBeGreaterThan(5_000_000);
    expect(largestLog).toBeLessThan(16 * 1024 * 1024);
  });

  it('closes its connection first, so the api’s, closed last, removes the log', async () => {
    const checkpointer = new SqliteCheckpointer({
      database,
      file,
      intervalMs: 1_000,
      onError: () => undefined,
    });
    write(10);
    await checkpointer.close();
    database.close();
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
  });

  it('gives the checkpoints back to the connection and says why when its worker fails', async () => {
    const errors: Error[] = [];
    new SqliteCheckpointer({
      database,
      // The worker cannot open a file that is not there: it fails as it starts.
      file: path.join(dir, 'missing.sqlite'),
      onError: (error) => errors.push(error),
    });
    expect(database.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    await eventually(() => errors.length > 0);
    expect(errors[0]!.message).toMatch(/checkpoints the log itself again/);
    expect(database.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
  });
});
