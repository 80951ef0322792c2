import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './harness/chromium';
import baseConfig from './playwright.config';

// `pnpm bench:web`: the browser benchmark, on the same harness (production builds, simulator)
// as the browser suite, but not part of `npm test` (it prints figures and asserts no speed).
export default defineConfig({
  ...baseConfig,
  testDir: './bench',
  testMatch: '*.bench.ts',
  outputDir: './test-results/bench',
  timeout: 600_000,
  use: {
    ...baseConfig.use,
    // Nothing of the test runner in the measured pages: a trace records snapshots of every page
    // in the page itself (the suite keeps one per failed test).
    trace: 'off',
    screenshot: 'off',
    video: 'off',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      // The bare page is served by the test (page.route), which Chromium files under the public
      // address space; its fetch to the loopback api would be refused (Local Network Access).
      args: [...CHROMIUM_ARGS, '--disable-features=LocalNetworkAccessChecks'],
    },
  },
});
