import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../harness/chromium';
import { expect, test } from '../harness/fixtures';

// Installability (issue #26): Chromium calls a page installable only in a normal profile — never
// in Playwright's incognito contexts — so this test opens the shell in a persistent profile of its
// own and asks Chromium itself, through the DevTools protocol, what keeps it from installing the
// app: the manifest (name, start URL, display, 192/512 icons that load), the service worker, the
// page being served and controlled as it should be.

test('the app is installable: Chromium reports no installability error in a normal profile', async ({
  stack,
}) => {
  const profile = mkdtempSync(path.join(tmpdir(), 'pairwatch-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS],
    headless: true,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.goto(`${stack.urls.shell}/positions`);
    await page.evaluate(async () => navigator.serviceWorker.ready);
    const cdp = await context.newCDPSession(page);

    // Chromium checks the manifest's icons by fetching them: ask until the check has settled.
    let installability: { errorId: string; errorArguments: unknown[] }[] = [];
    await expect
      .poll(
        async () => {
          ({ installabilityErrors: installability } = (await cdp.send(
            'Page.getInstallabilityErrors',
          )) as { installabilityErrors: typeof installability });
          return installability.map((error) => error.errorId);
        },
        { timeout: 15_000 },
      )
      .toEqual([]);
    const manifest = (await cdp.send('Page.getAppManifest')) as {
      url: string;
      errors: unknown[];
    };
    expect(manifest.url).toBe(`${stack.urls.shell}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});
