// `npm start` / `pnpm start`: from a fresh clone with only Node 20 + npm, install the workspace,
// build every package, then run the api and serve the shell and both remotes (docs/architecture.md
// §2). Options: --skip-build (use the existing builds); env MARKET_DATA (auto by default), DATA_DIR
// (./data of the repository by default), and API_PORT, SHELL_PORT, ALERTS_PORT, POSITIONS_PORT to
// move a part off its default port. Every other api variable (LOG_LEVEL, …) passes through.
import path from 'node:path';
import { ensureInstalled, pnpm } from './ensureInstalled.mjs';
import { DEFAULT_PORTS, PARTS, REPO_ROOT, startStack } from './serveStack.mjs';

/** A port from the environment, or the default; a bad value stops with a message naming it. */
function portFromEnv(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`${name} must be a port number (1-65535), got "${raw}".`);
  }
  return port;
}

async function main() {
  const skipBuild = process.argv.includes('--skip-build');
  const ports = {
    api: portFromEnv('API_PORT', DEFAULT_PORTS.api),
    shell: portFromEnv('SHELL_PORT', DEFAULT_PORTS.shell),
    alerts: portFromEnv('ALERTS_PORT', DEFAULT_PORTS.alerts),
    positions: portFromEnv('POSITIONS_PORT', DEFAULT_PORTS.positions),
  };
  // A fresh clone: install with the pinned pnpm (npx fetches it when it is not installed).
  ensureInstalled();
  if (!skipBuild) {
    console.log('Building every package (pnpm -r build)…');
    pnpm(['-r', '--filter', '!@pairwatch/e2e', 'run', 'build']);
  }

  const stack = await startStack({
    ports,
    onlyAvailable: true,
    apiEnv: {
      MARKET_DATA: process.env.MARKET_DATA ?? 'auto',
      // The README's `./data`: the repository's, whatever folder the command runs from.
      DATA_DIR: path.resolve(process.env.DATA_DIR ?? path.join(REPO_ROOT, 'data')),
    },
    apiOutput: (line) => console.log(`[api] ${line}`),
  });
  for (const part of stack.skipped) {
    console.warn(
      `! ${PARTS[part].name} is not built (${PARTS[part].pkg}/${PARTS[part].marker} missing): not started.`,
    );
  }
  console.log('\nPairwatch is running:');
  for (const part of stack.started) console.log(`  ${part.padEnd(9)} ${stack.urls[part]}`);
  console.log(`\nOpen ${stack.urls.shell} in your browser. Press Ctrl+C to stop.\n`);

  let stopping = false;
  const shutdown = (signal) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping…`);
    // The api gets the same signal, so it can close its database and connections cleanly.
    Promise.all([
      stack.api?.stop(signal),
      ...Object.values(stack.servers).map((server) => server.close()),
    ]).then(
      () => process.exit(0),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  if (stack.api) {
    void stack.api.exited.then((code) => {
      if (stopping) return;
      console.error(`The api exited unexpectedly (exit code ${code}); stopping.`);
      stopping = true;
      void Promise.all(Object.values(stack.servers).map((server) => server.close())).then(() =>
        process.exit(1),
      );
    });
  }
}

main().catch((error) => {
  console.error(`\npnpm start failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
