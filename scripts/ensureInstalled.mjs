// Makes a fresh clone runnable with nothing but Node 20 and npm: installs the pinned pnpm's
// dependencies on first use. Shared by `npm start` and `npm test`.
import { existsSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const { packageManager } = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));

/** The command that runs the pinned pnpm: a global pnpm of that version, else `npx pnpm@x`. */
export function pnpmCommand() {
  const version = packageManager.replace(/^pnpm@/, '');
  const global = spawnSync('pnpm', ['--version'], { encoding: 'utf8' });
  if (global.status === 0 && global.stdout.trim() === version) return ['pnpm'];
  return ['npx', '-y', `pnpm@${version}`];
}

/** Runs a command in the repo root with inherited output; exits the process if it fails. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(
      `\n✖ ${[command, ...args].join(' ')} failed (exit ${result.status ?? result.signal})`,
    );
    process.exit(result.status ?? 1);
  }
}

/** Runs pnpm with the pinned version. */
export function pnpm(args, options) {
  const [command, ...prefix] = pnpmCommand();
  run(command, [...prefix, ...args], options);
}

/** Installs dependencies when `node_modules` is missing or older than the lockfile. */
export function ensureInstalled() {
  const marker = path.join(repoRoot, 'node_modules', '.modules.yaml');
  const lock = path.join(repoRoot, 'pnpm-lock.yaml');
  if (existsSync(marker)) return;
  console.log('Installing dependencies (first run)…');
  pnpm(['install', ...(existsSync(lock) ? ['--frozen-lockfile'] : [])]);
}
