// Which production builds exist and which are older than their sources (scripts/serveStack.mjs
// starts what is built; the e2e harness warns about stale builds).
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (this file is in `scripts/stack/`). */
export const REPO_ROOT = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** @typedef {'api' | 'shell' | 'alerts' | 'positions'} StackPart */
/** @typedef {'shell' | 'alerts' | 'positions'} StaticPart */

/** What each part runs from, relative to the repository root; `marker` proves a build exists. */
export const PARTS = Object.freeze({
  api: { pkg: 'packages/api', marker: 'dist/server.js', sources: 'src', name: '@pairwatch/api' },
  shell: {
    pkg: 'packages/shell',
    marker: 'dist/index.html',
    sources: 'src',
    name: '@pairwatch/shell',
  },
  alerts: {
    pkg: 'packages/alerts-mfe',
    marker: 'dist/mf-manifest.json',
    sources: 'src',
    name: '@pairwatch/alerts-mfe',
  },
  positions: {
    pkg: 'packages/positions-mfe',
    marker: 'dist/mf-manifest.json',
    sources: 'src',
    name: '@pairwatch/positions-mfe',
  },
});

/**
 * Which builds exist, and which are older than their sources.
 * @param {string} [repoRoot]
 * @returns {{ missing: StackPart[], stale: StackPart[] }}
 */
export function inspectBuilds(repoRoot = REPO_ROOT) {
  /** @type {StackPart[]} */ const missing = [];
  /** @type {StackPart[]} */ const stale = [];
  for (const part of /** @type {StackPart[]} */ (Object.keys(PARTS))) {
    const { pkg, marker, sources } = PARTS[part];
    const markerFile = path.join(repoRoot, pkg, marker);
    if (!existsSync(markerFile)) {
      missing.push(part);
      continue;
    }
    // The newest output file, not the marker: builds skip writing files whose content is unchanged.
    if (
      newestMtime(path.join(repoRoot, pkg, sources)) > newestMtime(path.join(repoRoot, pkg, 'dist'))
    )
      stale.push(part);
  }
  return { missing, stale };
}

/** @param {string} dir @returns {number} the newest modification time (ms) of a file under dir, test files excluded */
function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(file));
    else if (!/\.test\.tsx?$/.test(entry.name)) newest = Math.max(newest, statSync(file).mtimeMs);
  }
  return newest;
}
