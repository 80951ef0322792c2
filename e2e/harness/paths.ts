import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The e2e package's folder. */
export const E2E_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Where screenshots and logs are kept after a run (git-ignored). */
export const ARTIFACTS_DIR = path.join(E2E_DIR, 'artifacts');
