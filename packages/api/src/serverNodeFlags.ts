/**
 * The node flags the api runs with (`npm start` and the e2e stack through
 * `scripts/stack/startApi.mjs`, the benches through `bench/spawnApiServer.ts` and
 * `bench/runBenches.ts`; set them too when you run `node dist/server.js` yourself).
 *
 * `--min-semi-space-size=16`: young-generation semi-spaces of at least 16 MiB. By default V8 starts
 * them at 1 MiB and shrinks them back to that after a quiet spell, and a scavenge costs about the
 * same however small they are, 5–9 ms with a million alerts held: the engine's decision on a
 * price move crossing 10,000 alerts ran 4–5 scavenges (tick → push bench: decision 26–72 ms,
 * median 46, over 8 runs; with the flag 25–45 ms, median 31, over 14; docs/architecture.md §9).
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--min-semi-space-size=16'];

/**
 * The {@link SERVER_NODE_FLAGS} missing from a process's node flags (`process.execArgv`): the
 * server warns at start when any is, as it runs, only slower, without them.
 */
export function missingNodeFlags(execArgv: readonly string[]): string[] {
  return SERVER_NODE_FLAGS.filter((flag) => !execArgv.includes(flag));
}
