import Database from 'better-sqlite3';
import { readFileSync, writeFileSync } from 'node:fs';

/**
 * Overwrites the SQLite file's pages after the first eight (the schema stays readable, the tables
 * do not), as a failing disk or a bad copy would. Checkpoints first, so no page is left in the WAL
 * to mask the damage. The file must be closed.
 */
export function damageSqliteFile(file: string): void {
  const raw = new Database(file);
  raw.pragma('wal_checkpoint(TRUNCATE)');
  raw.close();
  const bytes = readFileSync(file);
  bytes.fill(0x5a, 8 * 4096, bytes.length - 4096);
  writeFileSync(file, bytes);
}
