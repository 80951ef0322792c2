import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { missingNodeFlags, SERVER_NODE_FLAGS } from './serverNodeFlags';

describe('SERVER_NODE_FLAGS', () => {
  it('are flags this node accepts, and they give the young generation its 16 MiB at once', () => {
    const newSpace = (flags: readonly string[]) => {
      const run = spawnSync(
        process.execPath,
        [
          ...flags,
          '-e',
          "process.stdout.write(String(require('v8').getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size))",
        ],
        { encoding: 'utf8' },
      );
      expect(run.stderr).toBe('');
      return Number(run.stdout);
    };
    const without = newSpace([]);
    const withFlags = newSpace(SERVER_NODE_FLAGS);
    // One semi-space: V8 starts it at 1 MiB by default.
    expect(withFlags).toBe(16 * 1024 * 1024);
    expect(without).toBeLessThan(withFlags);
  });

  it('names the flags a process runs without', () => {
    expect(missingNodeFlags([])).toEqual([...SERVER_NODE_FLAGS]);
    expect(missingNodeFlags(['--enable-source-maps', ...SERVER_NODE_FLAGS])).toEqual([]);
    expect(missingNodeFlags(['--min-semi-space-size=8'])).toEqual(['--min-semi-space-size=16']);
  });

  it('are the ones the package’s own start script passes (it spells them out)', () => {
    const manifest = JSON.parse(
      readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8'),
    ) as { scripts: { start: string } };
    const words = manifest.scripts.start.split(/\s+/);
    expect(missingNodeFlags(words)).toEqual([]);
    expect(words.indexOf(SERVER_NODE_FLAGS[0]!)).toBeLessThan(words.indexOf('dist/server.js'));
  });
});
