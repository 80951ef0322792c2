import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createAppServers } from '../../scripts/serveStack.mjs';
import { clickOnScreen, expect, test } from '../harness/fixtures';
import { E2E_DIR } from '../harness/paths';
import { stackPorts } from '../harness/stackPorts';
import { controlledByWorker } from '../harness/serviceWorkerControl';

// A new shell build announces itself (issue #26): the browser finds the new /sw.js at the next
// page load, installs it beside the one in control, and the page shows "New version — Reload";
// Reload lets the new worker take over and reloads the page. The "rebuilt shell" is the shell's
// build with another build id in its worker (what any change of its files gives), served on the
// shell's own port by the same static server as the suite's.

const SHELL_DIST = path.join(E2E_DIR, '../packages/shell/dist');

/** A copy of the shell's build whose worker names another build: what a rebuild serves. */
function rebuiltShell(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'pairwatch-rebuilt-shell-'));
  const dist = path.join(root, 'packages/shell/dist');
  cpSync(SHELL_DIST, dist, {
    recursive: true,
    filter: (file) => !file.endsWith('.map') && !file.includes(`${path.sep}types`),
  });
  const worker = path.join(dist, 'sw.js');
  const source = readFileSync(worker, 'utf8');
  const renamed = source.replace(/id:"([0-9a-f]{16})"/, (_match, id: string) => {
    return `id:"${[...id].reverse().join('')}"`;
  });
  expect(renamed).not.toBe(source);
  writeFileSync(worker, renamed);
  return root;
}

test('a rebuilt shell shows "New version — Reload", and Reload runs the new worker', async ({
  page,
  stack,
  artifacts,
}) => {
  await page.goto('/alerts');
  await controlledByWorker(page);
  const activeScript = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      const response = await fetch(registration.active!.scriptURL, { cache: 'no-store' });
      return /id:"([0-9a-f]{16})"/.exec(await response.text())?.[1];
    });
  const cacheNames = () => page.evaluate(async () => (await caches.keys()).sort());
  const before = await cacheNames();
  await expect(page.getByRole('button', { name: 'Reload' })).toHaveCount(0);

  const root = rebuiltShell();
  const servers = createAppServers({ repoRoot: root, ports: stackPorts() });
  await stack.stopServer('shell');
  try {
    await servers.shell.listen(stackPorts().shell);
    const rebuiltId = await activeScript();
    // The next page load finds the new worker; the page still runs the old build meanwhile.
    await page.reload();
    const toast = page.locator('#notistack-snackbar').filter({ hasText: 'New version' });
    await expect(toast).toBeVisible({ timeout: 30_000 });
    await artifacts.screenshot(page, 'new-version-toast');
    await clickOnScreen(page.getByRole('button', { name: 'Reload' }));
    await page.waitForEvent('load');
    await expect(page.getByRole('combobox', { name: 'Screen' })).toBeVisible();
    // The new worker controls the page, with a cache of its own build; the old build's is gone.
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state))
      .toBe('activated');
    expect(rebuiltId).toMatch(/^[0-9a-f]{16}$/);
    const after = await cacheNames();
    const shellCaches = (names: string[]) =>
      names.filter((name) => name.startsWith('pairwatch-shell-'));
    expect(shellCaches(after)).toHaveLength(1);
    expect(shellCaches(after)).not.toEqual(shellCaches(before));
    expect(shellCaches(after)[0]).toBe(`pairwatch-shell-${rebuiltId}`);
    await expect(page.getByRole('button', { name: 'Reload' })).toHaveCount(0);
  } finally {
    await servers.shell.close();
    await stack.startServer('shell');
    rmSync(root, { recursive: true, force: true });
  }
});
