// Preloaded into the api processes of `bench:load` (`node --require`): once a second it appends the
// process's own memory figures (MiB) to the file named by PAIRWATCH_BENCH_MEMORY_FILE, one JSON line
// each, so that the bench can tell the JavaScript heap from the rest of the RSS. Nothing of the api
// is touched; the timer does not keep the process alive.
import fs from 'node:fs';
import { isMainThread } from 'node:worker_threads';

/** One line of the samples file. */
export interface MemorySample {
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

// `--require` runs in the api's worker threads too (SQLite's checkpointer, the encryption pool):
// their heaps are their own, and their lines, mixed with the main thread's, made the heap's
// floors a worker's.
if (file !== undefined && isMainThread) {
  setInterval(() => {
    const usage = process.memoryUsage();
    const sample: MemorySample = {
      rss: usage.rss / MIB,
      heapTotal: usage.heapTotal / MIB,
      heapUsed: usage.heapUsed / MIB,
      external: usage.external / MIB,
    };
    fs.appendFileSync(file, `${JSON.stringify(sample)}\n`);
  }, 1_000).unref();
}
