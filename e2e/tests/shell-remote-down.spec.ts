import { clickOnScreen, expect, test } from '../harness/fixtures';

// One remote down must leave the shell usable: its screen shows a fallback with a retry, an error
// toast says so, and navigation and the other screen keep working. The server is really stopped.

/**
 * What the browser and the federation runtime log while a remote's server is stopped: refused
 * connections, and `net::ERR_FAILED` for a request the service worker passed on to the stopped
 * server (once it controls the page).
 */
const REMOTE_DOWN =
  /ERR_CONNECTION_REFUSED|Failed to load resource: net::ERR_FAILED|Failed to get manifest|RUNTIME-003/;

test.describe('the shell with a remote down', () => {
  test('shows the fallback and a toast, keeps the other screen working, and recovers on retry', async ({
    page,
    stack,
    artifacts,
    pageErrors,
  }) => {
    pageErrors.allow(REMOTE_DOWN);
    await stack.stopServer('positions');
    await page.goto('/positions');
    await expect(page.getByText('Positions is unavailable')).toBeVisible();
    await expect(page.locator('#notistack-snackbar')).toHaveText(
      'The Positions screen could not be loaded.',
    );
    const retry = page.getByRole('button', { name: 'Retry' });
    await expect(retry).toBeVisible();
    await artifacts.screenshot(page, 'positions-down');

    // Navigation and the other remote still work.
    const dropdown = page.getByRole('combobox', { name: 'Screen' });
    await clickOnScreen(dropdown);
    await clickOnScreen(page.getByRole('option', { name: 'Alerts' }));
    await expect(page).toHaveURL('/alerts');
    await expect(page.getByText('New Alert').first()).toBeVisible();
    await expect(page.getByText('Simulated market')).toBeVisible();

    // Back on the broken screen, a retry while the server is still down fails again.
    await clickOnScreen(dropdown);
    await clickOnScreen(page.getByRole('option', { name: 'Positions' }));
    await expect(page.getByText('Positions is unavailable')).toBeVisible();

    // The server comes back: the same page recovers through "Retry", without a reload.
    await stack.startServer('positions');
    await clickOnScreen(page.getByRole('button', { name: 'Retry' }));
    await expect(page.getByRole('button', { name: 'Add position' })).toBeVisible();
    await expect(page.getByText('Positions is unavailable')).toHaveCount(0);
    await artifacts.screenshot(page, 'positions-recovered');
  });

  test('starts with both remotes down, showing one toast at a time that hides after 5 s', async ({
    page,
    stack,
    artifacts,
    pageErrors,
  }) => {
    pageErrors.allow(REMOTE_DOWN);
    await stack.stopServer('alerts');
    await stack.stopServer('positions');
    await page.goto('/alerts');
    await expect(page.getByText('Alerts is unavailable')).toBeVisible();
    const toasts = page.locator('#notistack-snackbar');
    await expect(toasts).toHaveText(['The Alerts screen could not be loaded.']);

    await clickOnScreen(page.getByRole('combobox', { name: 'Screen' }));
    await clickOnScreen(page.getByRole('option', { name: 'Positions' }));
    await expect(page.getByText('Positions is unavailable')).toBeVisible();
    // maxSnack 1: the new toast replaces the old one.
    await expect(toasts).toHaveText(['The Positions screen could not be loaded.']);
    await artifacts.screenshot(page, 'both-down');
    await expect(toasts).toHaveCount(0, { timeout: 9_000 });
  });
});
