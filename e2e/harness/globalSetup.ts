import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type * as TestSupport from '@pairwatch/test-support';
import { inspectBuilds, PARTS, REPO_ROOT, startStack } from '../../scripts/serveStack.mjs';
import { assertChromiumInstalled } from './chromium';
import { ARTIFACTS_DIR } from './paths';
import { STACK_INFO_ENV, type StackInfo } from './StackInfo';
import { stackPorts } from './stackPorts';
import { startControlServer } from './startControlServer';

// `@pairwatch/test-support` is CommonJS. Imported from this ES module, it would be loaded through
// Playwright's ES module hooks, and Node 20 then fails on its CommonJS dependencies' own requires
// ("request for './kysely.js' is not in cache"); Node's CommonJS loader loads it as jest does.
const { LocalPushService, WebhookReceiver, verifyPairwatchSignature } = createRequire(
  import.meta.url,
)('@pairwatch/test-support') as typeof TestSupport;

/**
 * Starts the product as `pnpm start` does, from the production builds (it builds nothing): the api
 * on the simulated market with a temporary DATA_DIR, and the shell and both remotes on their
 * default ports (see stackPorts), a local Web Push service the api trusts through
 * NODE_EXTRA_CA_CERTS and accepts on loopback through PUSH_ALLOW_PRIVATE_ENDPOINTS, and a webhook
 * receiver on loopback. Returns the
 * teardown that stops it all.
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
  let push: TestSupport.LocalPushService | undefined;
  let receiver: TestSupport.WebhookReceiver | undefined;
  let stack: Awaited<ReturnType<typeof startStack>> | undefined;
  let control: Awaited<ReturnType<typeof startControlServer>> | undefined;
  // Also run when the setup fails half-way: nothing started may outlive the run, nor its DATA_DIR.
  const teardown = async (): Promise<void> => {
    await control?.close();
    await stack?.stop();
    await push?.close();
    await receiver?.close();
    apiLog.end();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    push = await LocalPushService.start();
    // Webhook channels of the specs post here (loopback: PUSH_ALLOW_PRIVATE_ENDPOINTS admits it).
    receiver = await WebhookReceiver.start();
    // Node's own way to add a trust anchor (read at process start): the api's TLS checks stay on.
    const pushCaFile = path.join(dataDir, 'push-ca.pem');
    await writeFile(pushCaFile, push.certificatePem);
    stack = await startStack({
      ports: stackPorts(),
      apiEnv: {
        MARKET_DATA: 'simulator',
        DATA_DIR: dataDir,
        NODE_EXTRA_CA_CERTS: pushCaFile,
        // The local push service listens on 127.0.0.1, which the api refuses by default.
        PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true',
      },
      apiOutput: (line: string) => apiLog.write(`${line}\n`),
    });
    const simulatorUrl = stack.api?.simulatorUrl();
    if (!simulatorUrl) {
      throw new Error(
        'The api did not report its embedded simulator (no "market data source" log line with source "simulator" ' +
          `and a restUrl); see ${path.join(logsDir, 'api.log')}.`,
      );
    }
    control = await startControlServer(stack, push, {
      receiver,
      verify: (secret, header, body) => verifyPairwatchSignature(secret, header, body),
    });
    const info: StackInfo = {
      urls: stack.urls,
      simulatorUrl,
      controlUrl: control.url,
      dataDir,
      webhookOrigin: receiver.origin,
    };
    process.env[STACK_INFO_ENV] = JSON.stringify(info);
  } catch (error: unknown) {
    await teardown();
    throw error;
  }
  return teardown;
}

// eslint-disable-next-line no-restricted-syntax -- Playwright loads `globalSetup` by its default export.
export default globalSetup;
