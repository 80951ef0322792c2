// The one test command (README): static checks, every package's unit and integration tests, then
// the production builds and the browser suite. Ends with a `N passed, N failed` line.
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { ensureInstalled, pnpm, pnpmCommand, repoRoot } from './ensureInstalled.mjs';

ensureInstalled();

const totals = { passed: 0, failed: 0 };
const failures = [];

/** Runs one package's `test` script, echoing its output and counting jest / Playwright results. */
function testPackage(dir) {
  const { name } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const [command, ...prefix] = pnpmCommand();
  return new Promise((resolve) => {
    console.log(`\n▶ ${name}`);
    const child = spawn(command, [...prefix, 'run', 'test'], {
      cwd: dir,
      env: { ...process.env, FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const echo = (stream) => (chunk) => {
      stream.write(chunk);
      output += chunk.toString();
    };
    child.stdout.on('data', echo(process.stdout));
    child.stderr.on('data', echo(process.stderr));
    child.on('close', (code) => {
      const jest = /^Tests:\s+(.*)$/m.exec(output)?.[1] ?? '';
      const playwright = [...output.matchAll(/^\s*(\d+) (passed|failed|flaky)\b/gm)];
      const count = (what) =>
        Number(new RegExp(`(\\d+) ${what}`).exec(jest)?.[1] ?? 0) +
        playwright.filter((m) => m[2] === what).reduce((sum, m) => sum + Number(m[1]), 0);
      totals.passed += count('passed');
      totals.failed += count('failed');
      if (code !== 0) failures.push(name);
      resolve();
    });
  });
}

const args = new Set(process.argv.slice(2));
if (!args.has('--no-static')) {
  console.log('▶ typecheck');
  pnpm(['-r', 'run', 'typecheck']);
  console.log('▶ lint');
  pnpm(['run', 'lint']);
}

const packageDirs = [
  ...readdirSync(path.join(repoRoot, 'packages')).map((d) => path.join(repoRoot, 'packages', d)),
  path.join(repoRoot, 'tools'),
].filter((dir) => existsSync(path.join(dir, 'package.json')));
for (const dir of packageDirs) await testPackage(dir);

if (!args.has('--no-e2e') && existsSync(path.join(repoRoot, 'e2e', 'package.json'))) {
  console.log('\n▶ production builds for the browser suite');
  pnpm(['-r', '--filter', '!@pairwatch/e2e', 'run', 'build']);
  await testPackage(path.join(repoRoot, 'e2e'));
}

console.log(
  `\n${failures.length ? `✖ failed: ${failures.join(', ')}` : '✔ all test suites passed'}`,
);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(failures.length || totals.failed ? 1 : 0);
