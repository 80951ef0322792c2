// The static server's announcement of the first chart's code (scripts/stack/firstChartCode.mjs,
// `firstChartCode`): read from the alerts remote's manifest, read again when that file changes,
// and nothing at all when it is missing or not what is expected (the page only loses its head
// start). Run in a Node of its own: the script is an ES module.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';

const script = path.resolve(__dirname, '..', 'scripts', 'stack', 'firstChartCode.mjs');
const ORIGIN = 'http://127.0.0.1:8081';
let manifest = '';

beforeEach(() => {
  manifest = path.join(mkdtempSync(path.join(tmpdir(), 'first-chart-code-')), 'mf-manifest.json');
});
afterEach(() => rmSync(path.dirname(manifest), { recursive: true, force: true }));

/** A manifest's text with the first chart's sync chunks (and the remote's entry). */
function manifestText(chunks: unknown, entry: unknown = { name: 'remoteEntry.js', path: '' }) {
  return JSON.stringify({
    metaData: { remoteEntry: entry },
    exposes: [
      { name: 'AlertsRoute', assets: { js: { sync: ['screen.js'] } } },
      { name: 'firstChart', assets: { js: { sync: chunks } } },
    ],
  });
}

/**
 * Writes each text in turn as the manifest (`null`: no file), one second newer each time, and
 * asks one `firstChartCode` reader after each: what it gave.
 */
function readAfterEach(texts: readonly (string | null)[]): string[][] {
  const code = `
    import { firstChartCode } from ${JSON.stringify(script)};
    import { rmSync, utimesSync, writeFileSync } from 'node:fs';
    const [file, origin, texts] = ${JSON.stringify([manifest, ORIGIN, texts])};
    const read = firstChartCode(file, origin);
    const seen = texts.map((text, step) => {
      if (text === null) rmSync(file, { force: true });
      else {
        writeFileSync(file, text);
        const at = new Date(Date.UTC(2026, 0, 1, 0, 0, step));
        utimesSync(file, at, at);
      }
      return read();
    });
    console.log(JSON.stringify(seen));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', code], {
    encoding: 'utf8',
  });
  expect(run.stderr).toBe('');
  return JSON.parse(run.stdout) as string[][];
}

const urls = (...files: string[]) => files.map((file) => `${ORIGIN}/${file}`);

describe('firstChartCode', () => {
  it("gives the remote's entry and the first chart's sync chunks, read again when the manifest changes", () => {
    const built = manifestText(['lwc.1.js', 'chart.2.js']);
    const rebuilt = manifestText(['lwc.1.js', 'chart.3.js']);
    expect(readAfterEach([built, rebuilt])).toEqual([
      urls('remoteEntry.js', 'lwc.1.js', 'chart.2.js'),
      urls('remoteEntry.js', 'lwc.1.js', 'chart.3.js'),
    ]);
  });

  it('gives nothing for a missing, unreadable or unexpected manifest, and recovers', () => {
    expect(
      readAfterEach([
        null,
        '{ not json',
        manifestText('lwc.1.js'),
        manifestText(['lwc.1.js'], { path: '' }),
        manifestText(['lwc.1.js']),
      ]),
    ).toEqual([[], [], [], [], urls('remoteEntry.js', 'lwc.1.js')]);
  });
});
