// Proves that `pnpm lint`'s first-chart import check (scripts/checkFirstChartImports.mjs) can
// fail: on a scratch tree, a shared module reached through relative imports is reported with the
// chain that reaches it; type-only imports and the allowed packages pass.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from '@jest/globals';

const script = path.resolve(__dirname, '..', 'scripts', 'checkFirstChartImports.mjs');
let dir = '';

function check(files: Record<string, string>): { status: number | null; output: string } {
  dir = mkdtempSync(path.join(tmpdir(), 'first-chart-'));
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, file), text);
  const run = spawnSync(process.execPath, [script, path.join(dir, 'entry.ts')], {
    encoding: 'utf8',
  });
  return { status: run.status, output: run.stdout + run.stderr };
}

afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('checkFirstChartImports', () => {
  it('passes the allowed packages and type-only imports of any other', () => {
    const result = check({
      'entry.ts':
        "import { createChart } from 'lightweight-charts';\nimport { draw } from './draw';\n",
      'draw.ts':
        "import { DEFAULT_SYMBOLS } from '@pairwatch/domain';\nimport { LIGHT } from '@pairwatch/ui-kit/colors';\n" +
        "import type { Theme } from '@mui/material';\nimport { type Observable } from 'rxjs';\n" +
        'export const draw = [DEFAULT_SYMBOLS, LIGHT];\n',
    });
    expect(result.output).toContain('2 files checked');
    expect(result.status).toBe(0);
  });

  it('reports a shared module reached through relative imports, with the chain', () => {
    const result = check({
      'entry.ts': "export { draw } from './draw';\n",
      'draw.ts': "import { helper } from './helper';\nexport const draw = helper;\n",
      'helper.ts':
        "import React from 'react';\nimport { getMarketData } from '@pairwatch/market-data';\n" +
        'export const helper = [React, getMarketData];\n',
    });
    expect(result.status).toBe(1);
    expect(result.output).toContain('entry.ts → ');
    expect(result.output).toMatch(/helper\.ts imports react/);
    expect(result.output).toMatch(/helper\.ts imports @pairwatch\/market-data/);
  });

  it('reports a side-effect import and a value next to a type in one clause', () => {
    const result = check({
      'entry.ts': "import '@mui/material/styles';\nimport { type A, b } from 'formik';\n",
    });
    expect(result.status).toBe(1);
    expect(result.output).toContain('imports @mui/material/styles');
    expect(result.output).toContain('imports formik');
  });
});
