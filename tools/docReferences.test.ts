// Proves that `pnpm lint`'s documentation-reference check (scripts/checkDocReferences.mjs) can
// fail: on a scratch tree, each kind of dangling reference is reported, and valid ones pass.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from '@jest/globals';

const script = path.resolve(__dirname, '..', 'scripts', 'checkDocReferences.mjs');
// The dangling references are assembled so that this file does not hold them literally (the
// check reads this repository's tests too).
const section = (doc: string, n: number) => `// ${doc} §${n}\n`;
const DOCS = {
  'docs/architecture.md': '# A\n\n## 1. Packages\n\n## 6. Alerts\n',
  'docs/product.md': '# P\n\n## 2. Screens\n',
};
let dir = '';

function check(files: Record<string, string>): { status: number | null; output: string } {
  dir = mkdtempSync(path.join(tmpdir(), 'doc-refs-'));
  for (const [file, text] of Object.entries({ ...DOCS, ...files })) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  const run = spawnSync(process.execPath, [script, dir], { encoding: 'utf8' });
  return { status: run.status, output: run.stdout + run.stderr };
}

afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('checkDocReferences', () => {
  it('passes references that resolve', () => {
    const result = check({
      'src/a.ts': '// see docs/architecture.md §6 and product §2\n',
      'README.md': 'Read [the docs](docs/product.md#2-screens).\n',
    });
    expect(result.output).toContain('all resolve');
    expect(result.status).toBe(0);
  });

  it.each([
    ['a missing section', 'src/a.ts', section('architecture', 9), 'no section 9'],
    ['a missing docs file', 'src/a.ts', `// ${'docs'}/decisions/0009-x.md\n`, 'does not exist'],
    [
      'a research note',
      'src/a.ts',
      `// ${'research'}/mf-and-charts.md\n`,
      'outside this repository',
    ],
    ['the old spec numbering', 'src/a.ts', section('spec', 2), 'outside this repository'],
    ['a dangling markdown link', 'pkg/README.md', '[x](../nowhere.md)\n', 'does not exist'],
  ])('reports %s', (_name, file, text, message) => {
    const result = check({ [file]: text });
    expect(result.status).toBe(1);
    expect(result.output).toContain(message);
  });
});
