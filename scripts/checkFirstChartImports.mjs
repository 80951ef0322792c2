// Part of `pnpm lint`: the first chart (docs/architecture.md §7, "The first chart") is drawn
// before the federation's shared modules are loaded, so the code `alerts_mfe/firstChart` pulls in
// may import only lightweight-charts, domain and the ui-kit's colours. A React, MUI or market-data
// import there would load a second copy of a singleton, or wait for it, before the first candles.
// This walks the entry's relative imports and fails on any other package a value is taken from
// (type-only imports are erased by the compiler and allowed).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// `node scripts/checkFirstChartImports.mjs [entry]`: the entry defaults to this repository's.
const repoRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = path.resolve(
  process.argv[2] ?? path.join(repoRoot, 'packages/alerts-mfe/src/exposed/firstChart.ts'),
);
const ALLOWED = new Set(['lightweight-charts', '@pairwatch/domain', '@pairwatch/ui-kit/colors']);

/** Import and re-export statements, with whether they are type-only. */
const STATEMENT =
  /^\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]/gm;

/** Whether an import's clause brings in values (not only `type` names). */
function importsValues(typeKeyword, clause) {
  if (typeKeyword) return false;
  const braces = /\{([^}]*)\}/.exec(clause);
  const outside = clause
    .replace(/\{[^}]*\}/, '')
    .replace(/,/g, '')
    .trim();
  if (outside !== '') return true; // a default or namespace import
  if (!braces) return true;
  const names = braces[1]
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return names.some((name) => !name.startsWith('type '));
}

function resolveRelative(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (existsSync(candidate) && candidate.match(/\.tsx?$/)) return candidate;
  }
  throw new Error(`${path.relative(repoRoot, from)}: cannot resolve ${specifier}`);
}

const problems = [];
const seen = new Set();
const queue = [[entry, [path.relative(repoRoot, entry)]]];
while (queue.length > 0) {
  const [file, chain] = queue.shift();
  if (seen.has(file)) continue;
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(STATEMENT)) {
    const specifier = match[4] ?? match[5];
    const values = match[5] !== undefined || importsValues(match[2], match[3] ?? '');
    if (specifier.startsWith('.')) {
      if (!values) continue;
      const next = resolveRelative(file, specifier);
      queue.push([next, [...chain, path.relative(repoRoot, next)]]);
    } else if (values && !ALLOWED.has(specifier)) {
      problems.push(`${chain.join(' → ')} imports ${specifier}`);
    }
  }
}

if (problems.length > 0) {
  console.error(
    `The first chart may import only ${[...ALLOWED].join(', ')} (docs/architecture.md §7):`,
  );
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}
console.log(`first chart: ${seen.size} files checked, no shared module imported`);
