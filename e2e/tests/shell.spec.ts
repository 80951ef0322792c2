import { clickOnScreen, expect, test } from '../harness/fixtures';
import { readSharedModules } from '../harness/readSharedModules';

// The frame around the remotes: routes, the screen dropdown, the market chip, the web app
// manifest and the federation singletons. Remote-down behaviour is in shell-remote-down.spec.ts.

test.describe('the shell', () => {
  test('redirects an unknown path to /alerts, replacing the history entry', async ({ page }) => {
    await page.goto('/positions');
    await expect(page.getByRole('combobox', { name: 'Screen' })).toHaveText('Positions');
    await page.goto('/no/such/page');
    await expect(page).toHaveURL('/alerts');
    // Replaced, not pushed: "back" skips the unknown path and returns to the previous screen.
    await page.goBack();
    await expect(page).toHaveURL('/positions');
  });

  test('redirects the root and the disabled /portfolio to /alerts', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL('/alerts');
    await page.goto('/portfolio');
    await expect(page).toHaveURL('/alerts');
  });

  test('switches screens with the dropdown, where Portfolio is listed but disabled', async ({
    page,
    artifacts,
  }) => {
    await page.goto('/alerts');
    const dropdown = page.getByRole('combobox', { name: 'Screen' });
    await expect(dropdown).toHaveText('Alerts');
    await clickOnScreen(dropdown);
    const options = page.getByRole('option');
    await expect(options).toHaveText(['Alerts', 'Positions', 'Portfolio']);
    await expect(page.getByRole('option', { name: 'Portfolio' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await artifacts.screenshot(page, 'dropdown-open');
    await clickOnScreen(page.getByRole('option', { name: 'Positions' }));
    await expect(page).toHaveURL('/positions');
    await expect(dropdown).toHaveText('Positions');
  });

  test('loads both remotes into the shell', async ({ page, artifacts }) => {
    await page.goto('/alerts');
    await expect(page.getByText('New Alert').first()).toBeVisible();
    await expect(page.getByText(/is unavailable/)).toHaveCount(0);
    await artifacts.screenshot(page, 'alerts');
    await clickOnScreen(page.getByRole('combobox', { name: 'Screen' }));
    await clickOnScreen(page.getByRole('option', { name: 'Positions' }));
    await expect(page.getByRole('button', { name: 'Add position' })).toBeVisible();
    await expect(page.getByText(/is unavailable/)).toHaveCount(0);
    await artifacts.screenshot(page, 'positions');
  });

  test('shows the "Simulated market" chip when the api runs on the simulator', async ({
    page,
    stack,
  }) => {
    const status = (await (await fetch(`${stack.urls.api}/status`)).json()) as {
      marketData: { source: string };
    };
    expect(status.marketData.source).toBe('simulator');
    await page.goto('/alerts');
    await expect(page.getByText('Simulated market')).toBeVisible();
  });

  test("gives tests the embedded simulator's control API", async ({ stack }) => {
    const response = await stack.sim('state');
    expect(response.status).toBe(200);
    const state = (await response.json()) as Record<string, unknown>;
    expect(state).toEqual(expect.objectContaining({ prices: expect.anything() }));
  });

  test('serves a web app manifest with display standalone and its icons', async ({
    page,
    request,
  }) => {
    await page.goto('/alerts');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const response = await request.get(href!);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/manifest+json');
    const manifest = (await response.json()) as {
      display: string;
      start_url: string;
      icons: { src: string; sizes: string }[];
    };
    expect(manifest.display).toBe('standalone');
    expect(manifest.start_url).toBe('/alerts');
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(
      expect.arrayContaining(['192x192', '512x512']),
    );
    for (const icon of manifest.icons) {
      const image = await request.get(icon.src);
      expect(image.status(), icon.src).toBe(200);
      expect(image.headers()['content-type']).toBe('image/png');
    }
    const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    expect((await request.get(touchIcon!)).status()).toBe(200);
  });

  test('serves the coin logos of the bundled icon set, and none for an asset it lacks', async ({
    request,
  }) => {
    for (const asset of [
      'btc',
      'eth',
      'bnb',
      'ada',
      'doge',
      'dot',
      'uni',
      'link',
      'atom',
      'usdc',
      'sol',
      'pepe',
    ]) {
      const response = await request.get(`/icons/${asset}.svg`);
      expect(response.status(), asset).toBe(200);
      expect(response.headers()['content-type']).toMatch(/^image\/svg\+xml/);
      expect(await response.text()).toMatch(/^<svg[\s>]/);
    }
    // None for an asset the set lacks: the UI draws a monogram and never asks for it.
    expect((await request.get('/icons/nosuchcoin.svg')).status()).toBe(404);
    // The push notifications carry the app's PNG icon (Chrome draws no SVG in a notification).
    const appIcon = await request.get('/app-icons/pairwatch-192.png');
    expect(appIcon.headers()['content-type']).toBe('image/png');
  });

  test('loads exactly one copy of each shared singleton, provided by the shell', async ({
    page,
    stack,
  }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto('/alerts');
    await expect(page.getByText('New Alert').first()).toBeVisible();
    await clickOnScreen(page.getByRole('combobox', { name: 'Screen' }));
    await clickOnScreen(page.getByRole('option', { name: 'Positions' }));
    await expect(page.getByRole('button', { name: 'Add position' })).toBeVisible();

    const shared = await readSharedModules(page);
    for (const name of [
      'react',
      'react-dom',
      'react-router',
      'react-router-dom',
      'notistack',
      '@emotion/react',
      'rxjs',
      '@pairwatch/market-data',
      '@pairwatch/ui-kit',
      '@mui/material/styles',
    ]) {
      const entries = shared[name] ?? [];
      expect(entries.length, `${name}: registrations`).toBeGreaterThan(0);
      expect(new Set(entries.map((e) => e.version)).size, `${name}: versions`).toBe(1);
      for (const entry of entries) {
        expect({ name, from: entry.from, loaded: entry.loaded }).toEqual({
          name,
          from: 'shell',
          loaded: true,
        });
      }
    }
    // Both remotes consumed the shell's copy of what they certainly use. (notistack is not among
    // them: both screens toast through ui-kit's showToast, so only the shell's ui-kit imports it.)
    for (const name of ['react', '@pairwatch/ui-kit', '@pairwatch/market-data']) {
      const users = new Set(shared[name]!.flatMap((e) => e.useIn));
      expect([...users].sort(), `${name}: used in`).toEqual(
        expect.arrayContaining(['alerts_mfe', 'positions_mfe', 'shell']),
      );
    }

    // Stronger than the share scope: neither remote ever fetched its own copy of these modules.
    for (const remote of ['alerts', 'positions'] as const) {
      const manifest = (await (await fetch(`${stack.urls[remote]}/mf-manifest.json`)).json()) as {
        shared: { name: string; assets: { js: { sync: string[]; async: string[] } } }[];
      };
      const ownCopies = manifest.shared
        .filter((entry) =>
          ['react', 'react-dom', 'notistack', '@pairwatch/market-data'].includes(entry.name),
        )
        .flatMap((entry) => [...entry.assets.js.sync, ...entry.assets.js.async])
        .map((file) => `${stack.urls[remote]}/${file}`);
      expect(ownCopies.length, `${remote} lists its own fallbacks`).toBeGreaterThan(0);
      expect(
        requested.filter((url) => ownCopies.includes(url)),
        `${remote} chunks of its own singletons`,
      ).toEqual([]);
    }
  });
});
