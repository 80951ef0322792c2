import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A fresh directory for `DATA_DIR` (the alert store and VAPID keys land there); remove it after. */
export function tempDataDir(): { readonly dir: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pairwatch-api-'));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
