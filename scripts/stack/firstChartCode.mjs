// What the shell's page is sent with to load its first screen sooner: the first chart's code as
// the alerts remote's manifest lists it (docs/architecture.md §7, "The first chart").
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** The alerts remote's React-free first chart, as its manifest names the expose. */
const FIRST_CHART_EXPOSE = 'firstChart';

/**
 * The code the first chart runs, as the alerts remote's `mf-manifest.json` lists it: the remote's
 * entry and the expose's sync chunks, as absolute URLs. The manifest is read again when its file
 * changes (the remote was rebuilt); an unreadable or unexpected one gives no URLs, so the page
 * only loses its head start.
 *
 * @param {string} manifestFile - the remote's built `mf-manifest.json`.
 * @param {string} origin - where the remote is served, e.g. `http://127.0.0.1:8081`.
 * @returns {() => string[]}
 */
export function firstChartCode(manifestFile, origin) {
  let read = { version: '', urls: /** @type {string[]} */ ([]) };
  return () => {
    let version;
    try {
      const stats = statSync(manifestFile);
      version = `${stats.size}:${stats.mtimeMs}`;
    } catch {
      return [];
    }
    if (version === read.version) return read.urls;
    let urls = [];
    try {
      const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
      const entry = manifest.metaData?.remoteEntry;
      const expose = manifest.exposes?.find((e) => e.name === FIRST_CHART_EXPOSE);
      const chunks = expose?.assets?.js?.sync;
      if (typeof entry?.name === 'string' && Array.isArray(chunks)) {
        urls = [path.posix.join(entry.path ?? '', entry.name), ...chunks]
          .filter((file) => typeof file === 'string')
          .map((file) => new URL(file, `${origin}/`).href);
      }
    } catch {
      urls = [];
    }
    read = { version, urls };
    return urls;
  };
}
