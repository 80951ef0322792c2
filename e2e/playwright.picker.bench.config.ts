import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './harness/chromium';

// `pnpm --filter @pairwatch/e2e bench:picker`: only the symbol picker's bench, which serves its
// own page and so needs neither the product's builds nor the stack of playwright.config.ts.
// `pnpm bench:web` runs it too, with the first-chart bench (playwright.bench.config.ts).
export default defineConfig({
  testDir: './bench',
  testMatch: 'symbolPicker.bench.ts',
  outputDir: './test-results/bench-picker',
  workers: 1,
  retries: 0,
  timeout: 300_000,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] },
    locale: 'en-US',
    timezoneId: 'UTC',
    trace: 'off',
    screenshot: 'off',
    video: 'off',
  },
});
