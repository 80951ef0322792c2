import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inspectBuilds, PARTS, REPO_ROOT, startStack } from '../../scripts/serveStack.mjs';
import { assertChromiumInstalled } from './chromium';
import { ARTIFACTS_DIR } from './paths';
import { STACK_INFO_ENV, type StackInfo } from './StackInfo';
import { stackPorts } from './stackPorts';
import { startControlServer } from './startControlServer';

/**
 * Starts the product as `pnpm start` does, from the production builds (it builds nothing): the api
 * on the simulated market with a temporary DATA_DIR, and the shell and both remotes on their
 * default ports (see stackPorts). Returns the teardown that stops it all.
 */
async function globalSetup(): Promise<() => Promise<void>> {
  assertChromiumInstalled();
  const { missing, stale } = inspectBuilds(REPO_ROOT);
  if (missing.length > 0) {
    throw new Error(
      `The e2e suite runs the production builds, and these are missing: ${missing
        .map((part) => `${PARTS[part].name} (${PARTS[part].pkg}/${PARTS[part].marker})`)
        .join(', ')}. Build them first: \`pnpm -r build\` at the repository root.`,
    );
  }
  if (stale.length > 0) {
    console.warn(
      `[e2e] these builds are older than their sources and are tested as they are: ${stale
        .map((part) => PARTS[part].name)
        .join(', ')} (rebuild with \`pnpm -r build\`).`,
    );
  }
  const logsDir = path.join(ARTIFACTS_DIR, 'logs');
  await mkdir(logsDir, { recursive: true });
  const apiLog = createWriteStream(path.join(logsDir, 'api.log'));
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pairwatch-e2e-'));
  const stack = await startStack({
    ports: stackPorts(),
    apiEnv: { MARKET_DATA: 'simulator', DATA_DIR: dataDir },
    apiOutput: (line: string) => apiLog.write(`${line}\n`),
  });
  const simulatorUrl = stack.api?.simulatorUrl();
  if (!simulatorUrl) {
    await stack.stop();
    throw new Error(
      'The api did not report its embedded simulator (no "market data source" log line with source "simulator" ' +
        `and a restUrl); see ${path.join(logsDir, 'api.log')}.`,
    );
  }
  const control = await startControlServer(stack);
  const info: StackInfo = { urls: stack.urls, simulatorUrl, controlUrl: control.url, dataDir };
  process.env[STACK_INFO_ENV] = JSON.stringify(info);
  return async () => {
    await control.close();
    await stack.stop();
    apiLog.end();
    await rm(dataDir, { recursive: true, force: true });
  };
}

// eslint-disable-next-line no-restricted-syntax -- Playwright loads `globalSetup` by its default export.
export default globalSetup;
