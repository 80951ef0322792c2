// Proves that the machine checks of docs/architecture.md §1 can fail: the linter rejects imports
// against the dependency direction, deep imports, `export *` and impure domain code, and the
// compiler rejects a workspace import the package does not declare and DOM/Node globals in domain.
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import ts from 'typescript';

const root = path.resolve(__dirname, '..');
const eslintBin = path.join(root, 'node_modules', 'eslint', 'bin', 'eslint.js');

interface LintResult {
  messages: { ruleId: string | null; message: string }[];
}

// The ESLint CLI in a child process: the flat config is ESM, which jest's VM cannot import. A probe
// is no file on disk, so no TypeScript project holds it: it is linted without type information,
// and the rules that need it (the promise rules, exhaustive switches) are off for it.
const UNTYPED = [
  ['--parser-options', 'project:false'],
  ['--rule', '@typescript-eslint/no-floating-promises: off'],
  ['--rule', '@typescript-eslint/no-misused-promises: off'],
  ['--rule', '@typescript-eslint/switch-exhaustiveness-check: off'],
].flat();

async function lintMessages(file: string, code: string): Promise<string[]> {
  const run = spawnSync(
    process.execPath,
    [
      eslintBin,
      '--format',
      'json',
      ...UNTYPED,
      '--stdin',
      '--stdin-filename',
      path.join(root, file),
    ],
    { cwd: root, input: code, encoding: 'utf8' },
  );
  if (run.status !== 0 && run.status !== 1) throw new Error(`eslint failed: ${run.stderr}`);
  const [result] = JSON.parse(run.stdout) as LintResult[];
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

function compileErrors(pkg: string, code: string): string[] {
  const dir = path.join(root, 'packages', pkg);
  const configFile = ts.readConfigFile(path.join(dir, 'tsconfig.json'), ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(configFile.config, ts.sys, dir);
  const probe = path.join(dir, 'src', '__probe__.ts');
  const options = { ...parsed.options, noEmit: true, composite: false, declaration: false };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.fileExists = (f) => f === probe || ts.sys.fileExists(f);
  host.readFile = (f) => (f === probe ? code : readFile(f));
  host.getSourceFile = (f, v) =>
    f === probe ? ts.createSourceFile(f, code, v) : getSourceFile(f, v);
  const program = ts.createProgram([probe], options, host);
  return ts
    .getPreEmitDiagnostics(program)
    .filter((d) => d.file?.fileName === probe)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('lint boundaries', () => {
  it('rejects ui-kit importing market-data (against the dependency direction)', async () => {
    const messages = await lintMessages(
      'packages/ui-kit/src/Probe.ts',
      "import { getMarketData } from '@pairwatch/market-data';\nexport const x = getMarketData;\n",
    );
    expect(messages.join('\n')).toMatch(/dependency direction/);
  });

  it('rejects a remote importing the other remote or the shell', async () => {
    const messages = await lintMessages(
      'packages/alerts-mfe/src/Probe.ts',
      "import { a } from '@pairwatch/positions-mfe';\nimport { b } from '@pairwatch/shell';\nexport const x = [a, b];\n",
    );
    expect(messages.filter((m) => /dependency direction/.test(m))).toHaveLength(2);
  });

  it('accepts imports along the dependency direction (control)', async () => {
    const messages = await lintMessages(
      'packages/alerts-mfe/src/Probe.ts',
      "import { DEFAULT_SYMBOLS } from '@pairwatch/domain';\nimport { x } from '@pairwatch/market-data';\nexport const y = [DEFAULT_SYMBOLS, x];\n",
    );
    expect(messages).toEqual([]);
  });

  it('keeps the stand-ins of test-support out of product code, not out of tests', async () => {
    const probe =
      "import { LocalPushService } from '@pairwatch/test-support';\nexport const x = LocalPushService;\n";
    const product = await lintMessages('packages/api/src/push/Probe.ts', probe);
    expect(product.join('\n')).toMatch(/Stand-ins for tests/);
    expect(await lintMessages('packages/api/src/push/Probe.test.ts', probe)).toEqual([]);
    expect(await lintMessages('packages/api/src/test-support/Probe.ts', probe)).toEqual([]);
    expect(await lintMessages('packages/api/bench/Probe.ts', probe)).toEqual([]);
  });

  it('rejects test-support importing another workspace package (it would depend on what it tests)', async () => {
    const messages = await lintMessages(
      'packages/test-support/src/Probe.ts',
      "import { DEFAULT_SYMBOLS } from '@pairwatch/domain';\nexport const x = DEFAULT_SYMBOLS;\n",
    );
    expect(messages.join('\n')).toMatch(/dependency direction/);
  });

  it('rejects deep imports and export *', async () => {
    const messages = await lintMessages(
      'packages/api/src/Probe.ts',
      "import { RsiCalculator } from '@pairwatch/domain/src/rsi';\nexport * from './other';\nexport const x = RsiCalculator;\n",
    );
    expect(messages.join('\n')).toMatch(/never its internals/);
    expect(messages.join('\n')).toMatch(/no `export \*`/);
  });

  it('keeps domain free of timers, clocks, I/O and randomness', async () => {
    const messages = await lintMessages(
      'packages/domain/src/Probe.ts',
      "import fs from 'node:fs';\nexport const x = [setTimeout, fetch, Date.now(), Math.random(), new Date(), fs];\n",
    );
    expect(messages.filter((m) => /domain is pure/.test(m))).toHaveLength(6);
  });
});

describe('compiler boundaries', () => {
  it('cannot resolve a workspace package that the importing package does not declare', () => {
    const errors = compileErrors(
      'ui-kit',
      "import { getMarketData } from '@pairwatch/market-data';\nexport const x = getMarketData;\n",
    );
    expect(errors.join('\n')).toMatch(/Cannot find module '@pairwatch\/market-data'/);
  });

  it('has no DOM or Node globals in domain', () => {
    const errors = compileErrors('domain', 'export const x = [document.title, process.env];\n');
    expect(errors.join('\n')).toMatch(/Cannot find name 'document'/);
    expect(errors.join('\n')).toMatch(/Cannot find name 'process'/);
  });

  it('compiles a declared import (control)', () => {
    expect(
      compileErrors(
        'ui-kit',
        "import { DEFAULT_SYMBOLS } from '@pairwatch/domain';\nexport const x = DEFAULT_SYMBOLS;\n",
      ),
    ).toEqual([]);
  });
});
