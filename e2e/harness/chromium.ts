import { existsSync } from 'node:fs';

/**
 * Debian's Chromium (`apt-get install -y chromium`). Playwright's own browser downloads cannot
 * work here (no internet), so the suite never uses them.
 */
export const CHROMIUM_PATH = process.env['PAIRWATCH_E2E_CHROMIUM'] ?? '/usr/bin/chromium';

/** Headless, sandbox-free (containers, root) and quiet: no network calls of Chromium's own. */
export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Stops the run with the fix when Chromium is not installed. */
export function assertChromiumInstalled(): void {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is not installed at ${CHROMIUM_PATH}. Install Debian's package: \`apt-get install -y chromium\` ` +
        '(never `playwright install`), or point PAIRWATCH_E2E_CHROMIUM at a Chromium binary.',
    );
  }
}
