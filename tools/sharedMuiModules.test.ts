// Every MUI module an app imports must be a named shared key (federationShared.cjs): the shell
// provides only those to the remotes; one left out still works, but a remote would then load its
// own copy in a second wave of requests after its entry (docs/architecture.md §7).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { SHARED_MODULES } from './mf/federationShared.cjs';

const PACKAGES = path.resolve(__dirname, '..', 'packages');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

describe('the shared MUI modules', () => {
  it('name every MUI module the apps and ui-kit import', () => {
    const imported = new Set<string>();
    for (const pkg of ['shell', 'alerts-mfe', 'positions-mfe', 'ui-kit']) {
      for (const file of sourceFiles(path.join(PACKAGES, pkg, 'src'))) {
        for (const match of readFileSync(file, 'utf8').matchAll(/from '(@mui\/material\/\w+)'/g)) {
          imported.add(match[1]!);
        }
      }
    }
    const shared = new Set(SHARED_MODULES.map((module) => module.key));
    expect(imported.size).toBeGreaterThan(10);
    expect([...imported].filter((key) => !shared.has(key)).sort()).toEqual([]);
  });
});
