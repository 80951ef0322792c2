// Part of `pnpm lint`: every reference to documentation in code and READMEs must resolve to a file
// (and, for "architecture §N" / "product §N", a numbered section) in this repository. A newcomer
// following a comment must land somewhere real (CONTRIBUTING.md).
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// `node scripts/checkDocReferences.mjs [root]`: the root defaults to this repository.
const repoRoot = path.resolve(
  process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'),
);
const SKIP_DIRS = new Set([
  'node_modules',
  'dist',
  '.git',
  'artifacts',
  'test-results',
  'coverage',
  'data',
]);
const EXTENSIONS = /\.(ts|tsx|mjs|cjs|js|md|json|yaml|html)$/;

/** The section numbers (`## N.`) of a markdown file in docs/. */
function sectionsOf(docFile) {
  const text = readFileSync(path.join(repoRoot, docFile), 'utf8');
  return new Set([...text.matchAll(/^## (\d+)\./gm)].map((m) => m[1]));
}

const NAMED_DOCS = { architecture: 'docs/architecture.md', product: 'docs/product.md' };

function* walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name) && !entry.name.startsWith('.')) {
        yield* walk(path.join(dir, entry.name));
      }
    } else if (EXTENSIONS.test(entry.name) && entry.name !== 'pnpm-lock.yaml') {
      yield path.join(dir, entry.name);
    }
  }
}

/**
 * The broken references in one file's text.
 * @param file - the file's path relative to the repository root (for relative markdown links).
 */
function findBrokenReferences(file, text) {
  const exists = (p) => existsSync(path.join(repoRoot, p));
  const problems = [];
  const lineOf = (index) => text.slice(0, index).split('\n').length;
  // Documents outside the repository (design inputs, research notes) are not for newcomers.
  for (const m of text.matchAll(/(\.\.\/shared\/|(?<![\w/])research\/[\w-]+\.md|\bspec §\d+)/g)) {
    problems.push(`${file}:${lineOf(m.index)}: "${m[0]}" points outside this repository`);
  }
  for (const m of text.matchAll(/\b(architecture|product)(?:\.md)? §(\d+)/g)) {
    const doc = NAMED_DOCS[m[1]];
    if (!exists(doc) || !sectionsOf(doc).has(m[2])) {
      problems.push(`${file}:${lineOf(m.index)}: "${m[0]}" has no section ${m[2]} in ${doc}`);
    }
  }
  for (const m of text.matchAll(/(?<![\w./-])docs\/[\w./-]*[\w/]/g)) {
    if (!exists(m[0])) problems.push(`${file}:${lineOf(m.index)}: "${m[0]}" does not exist`);
  }
  if (file.endsWith('.md')) {
    for (const m of text.matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)) {
      const target = m[1];
      if (/^[a-z]+:/i.test(target)) continue; // a URL
      const resolved = path.normalize(path.join(path.dirname(file), target));
      if (!exists(resolved)) {
        problems.push(`${file}:${lineOf(m.index)}: link "${target}" does not exist`);
      }
    }
  }
  return problems;
}

/** Checks every file under the root; exits 1 listing what does not resolve. */
function main() {
  const problems = [];
  let files = 0;
  for (const absolute of walk(repoRoot)) {
    if (statSync(absolute).size > 1_000_000) continue;
    const file = path.relative(repoRoot, absolute);
    // This file names the patterns it refuses.
    if (file === 'scripts/checkDocReferences.mjs') continue;
    files += 1;
    problems.push(...findBrokenReferences(file, readFileSync(absolute, 'utf8')));
  }
  if (problems.length > 0) {
    console.error(`Documentation references that do not resolve (${problems.length}):`);
    for (const problem of problems) console.error(`  ${problem}`);
    process.exit(1);
  }
  console.log(`doc references: ${files} files checked, all resolve`);
}

main();
