// Preloaded into the api processes of `bench:load` (`node --require`): once a second, and after
// every full (mark-compact) collection, it appends the process's own memory figures (MiB) to the
// file named by PAIRWATCH_BENCH_MEMORY_FILE, one JSON line each, so that the bench can tell the
// JavaScript heap from the rest of the RSS, and what survives a full collection from what merely
// waits for one. Nothing of the api is touched; the timer does not keep the process alive.
import fs from 'node:fs';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

/** One line of the samples file. */
export interface MemorySample {
  /** `second`: the sample of each second; `fullGc`: taken just after a full collection. */
  readonly kind: 'second' | 'fullGc';
  /** Wall-clock time (`Date.now()`). */
  readonly at: number;
  readonly rss: number;
  /** The JavaScript heap as committed (what V8 holds from the system). */
  readonly heapTotal: number;
  /** The JavaScript heap in use, live and not yet collected. */
  readonly heapUsed: number;
  /** Memory of C++ objects bound to JavaScript ones, `arrayBuffers` included. */
  readonly external: number;
}

const file = process.env.PAIRWATCH_BENCH_MEMORY_FILE;
const MIB = 2 ** 20;

function append(kind: MemorySample['kind']): void {
  const usage = process.memoryUsage();
  const sample: MemorySample = {
    kind,
    at: Date.now(),
    rss: usage.rss / MIB,
    heapTotal: usage.heapTotal / MIB,
    heapUsed: usage.heapUsed / MIB,
    external: usage.external / MIB,
  };
  fs.appendFileSync(file!, `${JSON.stringify(sample)}\n`);
}

// `--require` runs in the api's worker threads too (SQLite's checkpointer, the encryption pool):
// their heaps are their own, and their lines, mixed with the main thread's, made the heap's
// floors a worker's.
if (file !== undefined && isMainThread) {
  setInterval(() => append('second'), 1_000).unref();
  // The heap in use between collections includes whatever died since the last full one: V8 runs
  // those minutes apart under this load, so even 30-s floors rise and fall with its schedule.
  // Read just after a full collection, it is what the api really keeps.
  new PerformanceObserver((list) => {
    const full = list
      .getEntries()
      .some(
        (entry) =>
          (entry as { detail?: { kind?: number } }).detail?.kind ===
          constants.NODE_PERFORMANCE_GC_MAJOR,
      );
    if (full) append('fullGc');
  }).observe({ entryTypes: ['gc'] });
}
