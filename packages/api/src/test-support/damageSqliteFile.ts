import Database from 'better-sqlite3';
import { readFileSync, writeFileSync } from 'node:fs';

/**
 * Overwrites the pages of the `alerts` table in a SQLite file (the schema and the other tables
 * stay readable), as a failing disk or a bad copy would. Checkpoints first, so no page is left in
 * the WAL to mask the damage. The file must be closed; the table should span a few pages.
 */
export function damageSqliteFile(file: string): void {
  const raw = new Database(file);
  raw.pragma('wal_checkpoint(TRUNCATE)');
  const pageSize = Number(raw.pragma('page_size', { simple: true }));
  // SQLite's dbstat table lists each page of each table and index.
  const pages = raw.prepare("SELECT pageno FROM dbstat WHERE name = 'alerts'").all() as {
    pageno: number;
  }[];
  raw.close();
  const bytes = readFileSync(file);
  for (const { pageno } of pages) {
    bytes.fill(0x5a, (pageno - 1) * pageSize, pageno * pageSize);
  }
  writeFileSync(file, bytes);
}
