import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The api's version from its package.json (one level above both `src/` and `dist/`). */
export function readPackageVersion(): string {
  const manifest: unknown = JSON.parse(
    readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8'),
  );
  const version = (manifest as { version?: unknown }).version;
  return typeof version === 'string' ? version : '0.0.0';
}
