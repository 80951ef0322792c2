import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './harness/chromium';
import { PORT_OFFSET_ENV, stackPorts } from './harness/stackPorts';

// One worker: the specs share one running product (the ports of `pnpm start`, moved by
// PAIRWATCH_E2E_PORT_OFFSET when set), and some stop and restart a server. The machine has 2 cores; Chromium and the api take them.
export default defineConfig({
  testDir: './tests',
  globalSetup: './harness/globalSetup.ts',
  // Playwright empties its output folder at start: a run on other ports keeps its own.
  outputDir: `./test-results/${process.env[PORT_OFFSET_ENV] ? `offset-${process.env[PORT_OFFSET_ENV]}` : 'default'}`,
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env['CI']),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${stackPorts().shell}`,
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] },
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    timezoneId: 'UTC',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    serviceWorkers: 'allow',
  },
});
