import { afterEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describeBootFailure, redactDatabaseUrl } from './describeBootFailure';
import { openAlertStore, SQLITE_FILE_NAME } from './storage/openAlertStore';

const dirs: string[] = [];
function scratch(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'boot-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** What opening the store throws for this configuration (the boot step that touches the disk). */
async function bootError(config: { dataDir: string; databaseUrl?: string }): Promise<unknown> {
  try {
    const store = await openAlertStore({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
    });
    await store.close();
  } catch (error: unknown) {
    return error;
  }
  throw new Error('the store opened');
}

const at = (dataDir: string, databaseUrl?: string) => ({
  dataDir,
  databaseUrl,
  port: 5080,
  host: '127.0.0.1',
});

describe('describeBootFailure', () => {
  it('names a DATA_DIR that is a file', async () => {
    const file = path.join(scratch(), 'data');
    writeFileSync(file, 'not a folder');

    const line = describeBootFailure(await bootError({ dataDir: file }), at(file));

    expect(line).toBe(
      `DATA_DIR ${file} is not a folder (EEXIST): point DATA_DIR at a folder; it is created when missing.`,
    );
  });

  it('names a damaged database file and what to do', async () => {
    const dir = scratch();
    writeFileSync(path.join(dir, SQLITE_FILE_NAME), 'x'.repeat(8192));

    const line = describeBootFailure(await bootError({ dataDir: dir }), at(dir));

    expect(line).toBe(
      `The database file ${path.join(dir, SQLITE_FILE_NAME)} is damaged (SQLITE_NOTADB): restore it from a backup, or move it away to start with an empty one.`,
    );
  });

  it('names an unreachable PostgreSQL without its password', async () => {
    const url = 'postgres://pairwatch:s3cret@127.0.0.1:1/pairwatch';

    const line = describeBootFailure(
      await bootError({ dataDir: scratch(), databaseUrl: url }),
      at('/unused', url),
    );

    expect(line).toContain(
      'Cannot use PostgreSQL at postgres://pairwatch:***@127.0.0.1:1/pairwatch (ECONNREFUSED)',
    );
    expect(line).not.toContain('s3cret');
  });

  it('names a DATA_DIR it may not write to (read-only)', () => {
    const denied = Object.assign(new Error('EROFS: read-only file system, mkdir'), {
      code: 'EROFS',
      path: '/srv/pairwatch',
    });

    expect(describeBootFailure(denied, at('/srv/pairwatch'))).toBe(
      "Cannot write to /srv/pairwatch (EROFS): give the api's user write access to DATA_DIR, or point DATA_DIR at a writable folder.",
    );
  });

  it('is one line with no stack trace for anything else', () => {
    const line = describeBootFailure(
      new Error('first line\n    at somewhere (x.js:1:1)'),
      at('/d'),
    );

    expect(line).toBe('The api could not start: first line');
  });

  it('redacts only the password of a database URL', () => {
    expect(redactDatabaseUrl('postgres://u:p@h:5432/db')).toBe('postgres://u:***@h:5432/db');
    expect(redactDatabaseUrl('postgres://u@h/db')).toBe('postgres://u@h/db');
  });
});
