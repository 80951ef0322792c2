// Runs every benchmark of the package (`bench/*Bench.ts`, compiled next to this file) one after
// the other, so their figures are not disturbed by each other.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from '../src/serverNodeFlags';

const benches = fs
  .readdirSync(__dirname)
  .filter((file) => /Bench\.js$/.test(file))
  .sort();
let failed = 0;
for (const file of benches) {
  process.stdout.write(`\n=== ${file.replace(/\.js$/, '')} ===\n`);
  // With the api's node flags: most benches run its code in their own process.
  const result = spawnSync(process.execPath, [...SERVER_NODE_FLAGS, path.join(__dirname, file)], {
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    failed += 1;
    process.stdout.write(`${file} failed (exit ${String(result.status ?? result.signal)})\n`);
  }
}
process.exitCode = failed === 0 ? 0 : 1;
