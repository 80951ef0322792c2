import { type IncomingHttpHeaders, request as http } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, test } from '../harness/fixtures';

// The static server that serves the shell and the remotes in `pnpm start` and in this suite
// (scripts/serveStatic.mjs), checked over HTTP.

/** A raw GET, so the path reaches the server exactly as written (fetch would normalise `..`). */
function rawGet(origin: string, rawPath: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = http({ hostname, port, path: rawPath, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A raw GET with `headers`, returning the bytes as sent (no decoding). */
function rawBytes(
  url: string,
  headers: Record<string, string>,
): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  const { hostname, port, pathname } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http({ hostname, port, path: pathname, method: 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const DECODE = { br: brotliDecompressSync, gzip: gunzipSync } as const;

test.describe('the static servers', () => {
  test('send JS, CSS, JSON and HTML brotli- or gzip-compressed, decoding to the same bytes', async ({
    stack,
  }) => {
    const manifest = (await (await fetch(`${stack.urls.alerts}/mf-manifest.json`)).json()) as {
      metaData: { remoteEntry: { name: string } };
    };
    const urls = [
      `${stack.urls.shell}/index.html`,
      `${stack.urls.alerts}/mf-manifest.json`,
      `${stack.urls.alerts}/${manifest.metaData.remoteEntry.name}`,
    ];
    const css = (await (await fetch(`${stack.urls.shell}/index.html`)).text()).match(
      /href="([^"]+\.css)"/,
    )?.[1];
    if (css) urls.push(new URL(css, stack.urls.shell).href);
    for (const url of urls) {
      const plain = await rawBytes(url, { 'accept-encoding': 'identity' });
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      for (const encoding of ['br', 'gzip'] as const) {
        const sent = await rawBytes(url, { 'accept-encoding': `${encoding}, deflate` });
        expect([url, sent.headers['content-encoding']]).toEqual([url, encoding]);
        expect(sent.headers.vary).toContain('Accept-Encoding');
        expect(sent.body.length).toBeLessThan(plain.body.length);
        expect(DECODE[encoding](sent.body).equals(plain.body), url).toBe(true);
      }
    }
  });

  test('send the shell with a Content-Security-Policy naming only the app’s own origins', async ({
    stack,
  }) => {
    const csp = (await fetch(`${stack.urls.shell}/alerts`)).headers.get('content-security-policy');
    expect(csp).toContain(`script-src 'self' ${stack.urls.alerts} ${stack.urls.positions}`);
    expect(csp).toContain(`${stack.urls.api.replace(/^http/, 'ws')}`);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
  });

  test("announce the first screen's remote manifest (and the first chart's code) with the page, and the page preloads the config", async ({
    stack,
  }) => {
    const preload = (manifest: string) =>
      `<${manifest}>; rel=preload; as=fetch; crossorigin=anonymous`;
    // The first chart's code as the alerts remote's manifest lists it: its entry and the sync
    // chunks of ./firstChart, preloaded as the federation runtime loads scripts (no-cors).
    const alerts = (await (await fetch(`${stack.urls.alerts}/mf-manifest.json`)).json()) as {
      metaData: { remoteEntry: { name: string } };
      exposes: { name: string; assets: { js: { sync: string[] } } }[];
    };
    const firstChart = alerts.exposes.find((expose) => expose.name === 'firstChart');
    expect(firstChart?.assets.js.sync.length).toBeGreaterThan(0);
    const firstChartCode = [alerts.metaData.remoteEntry.name, ...firstChart!.assets.js.sync].map(
      (file) => `<${stack.urls.alerts}/${file}>; rel=preload; as=script`,
    );
    // And the api requests the page makes before it draws: GET /status (the market chip) always,
    // the first chart's data when the query names the pair, spelled as the page asks them.
    const status = preload(`${stack.urls.api}/status`);
    const alertsPage = [
      preload(`${stack.urls.alerts}/mf-manifest.json`),
      ...firstChartCode,
      status,
    ];
    for (const [route, links] of [
      ['/alerts', alertsPage],
      ['/', alertsPage],
      ['/alerts?symbol=NOT-A-PAIR', alertsPage],
      [
        '/alerts?symbol=ETHUSDT&interval=OneHour',
        [
          ...alertsPage,
          preload(`${stack.urls.api}/candles?symbol=ETHUSDT&interval=OneHour&limit=500`),
          preload(`${stack.urls.api}/symbols/ETHUSDT`),
        ],
      ],
      [
        '/alerts?symbol=ETHUSDT&interval=Fortnightly',
        [
          ...alertsPage,
          preload(`${stack.urls.api}/candles?symbol=ETHUSDT&interval=OneMinute&limit=500`),
          preload(`${stack.urls.api}/symbols/ETHUSDT`),
        ],
      ],
      ['/positions', [preload(`${stack.urls.positions}/mf-manifest.json`), status]],
    ] as const) {
      const page = await fetch(`${stack.urls.shell}${route}`);
      expect([route, page.headers.get('link')]).toEqual([route, links.join(', ')]);
      // The built page is minified: attribute quotes may be gone.
      expect(await page.text()).toMatch(
        /<link rel="?preload"? href="?\/app-config\.json"? as="?fetch"? crossorigin="?anonymous"?>/,
      );
    }
    // Only the page: a script or the config carries no such header.
    expect((await fetch(`${stack.urls.shell}/app-config.json`)).headers.get('link')).toBeNull();
  });

  test("the page's preloads are the requests the first chart uses: each of its files and api requests is made once", async ({
    page,
    stack,
  }) => {
    const requested: string[] = [];
    page.on('request', (request) => {
      if (
        request.url().startsWith(`${stack.urls.alerts}/`) ||
        request.url().startsWith(`${stack.urls.api}/`)
      ) {
        requested.push(request.url());
      }
    });
    // Not across a minute's turn: a 1-minute bar opened between the page's candles and the hub's
    // join is a gap the app fills with a second GET /candles, rightly (seen in CI: 2 requests,
    // the second at hh:mm:00.2). The page is on screen within a few seconds of the goto.
    const secondsIntoMinute = (Date.now() % 60_000) / 1000;
    if (secondsIntoMinute > 45) {
      await new Promise((resolve) => setTimeout(resolve, (60.5 - secondsIntoMinute) * 1000));
    }
    const route = '/alerts?symbol=BTCUSDT&interval=OneMinute';
    await page.goto(route);
    await expect(page.getByText('Your alerts')).toBeVisible();
    const link = (await fetch(`${stack.urls.shell}${route}`)).headers.get('link') ?? '';
    const preloaded = [...link.matchAll(/<([^>]+)>/g)].map((match) => match[1]!);
    // The manifest, the first chart's entry and 3 chunks, /status, the candles and symbol info.
    expect(preloaded).toHaveLength(8);
    for (const url of preloaded) {
      expect([url, requested.filter((r) => r === url).length]).toEqual([url, 1]);
    }
  });

  test('do not publish source maps', async ({ stack }) => {
    const manifest = (await (await fetch(`${stack.urls.alerts}/mf-manifest.json`)).json()) as {
      metaData: { remoteEntry: { name: string } };
    };
    const entry = `${stack.urls.alerts}/${manifest.metaData.remoteEntry.name}`;
    expect((await fetch(entry)).status).toBe(200);
    expect((await fetch(`${entry}.map`)).status).toBe(404);
  });

  test('answer a client-side route of the shell with the app, but a missing asset with 404', async ({
    stack,
  }) => {
    const route = await fetch(`${stack.urls.shell}/positions`);
    expect(route.status).toBe(200);
    expect(route.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await route.text()).toContain('<title>Pairwatch</title>');
    const missing = await fetch(`${stack.urls.shell}/1234.deadbeef.js`);
    expect(missing.status).toBe(404);
  });

  test('generate app-config.json from the ports actually in use', async ({ stack }) => {
    const response = await fetch(`${stack.urls.shell}/app-config.json`);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.json()).toEqual({
      apiUrl: stack.urls.api,
      remotes: {
        alerts: `${stack.urls.alerts}/mf-manifest.json`,
        positions: `${stack.urls.positions}/mf-manifest.json`,
      },
    });
  });

  test("allow the shell's origin, and only it, to read a remote's manifest", async ({ stack }) => {
    const shellOrigin = stack.urls.shell;
    const allowed = await fetch(`${stack.urls.alerts}/mf-manifest.json`, {
      headers: { Origin: shellOrigin },
    });
    expect(allowed.headers.get('access-control-allow-origin')).toBe(shellOrigin);
    const other = await fetch(`${stack.urls.alerts}/mf-manifest.json`, {
      headers: { Origin: 'http://evil.test' },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  test('cache hashed chunks for good and revalidate entries and manifests', async ({ stack }) => {
    const manifest = (await (await fetch(`${stack.urls.positions}/mf-manifest.json`)).json()) as {
      shared: { assets: { js: { sync: string[] } } }[];
    };
    const chunk = manifest.shared.flatMap((entry) => entry.assets.js.sync)[0]!;
    const hashed = await fetch(`${stack.urls.positions}/${chunk}`);
    expect(hashed.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(hashed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const entry = await fetch(`${stack.urls.positions}/remoteEntry.js`);
    expect(entry.headers.get('cache-control')).toBe('no-cache');
  });

  test('never serve a file outside the build folder', async ({ stack }) => {
    const escaped = await rawGet(stack.urls.shell, '/../../package.json');
    expect(escaped.body).not.toContain('"@pairwatch/shell"');
    const dotted = await rawGet(stack.urls.shell, '/%2e%2e/%2e%2e/package.json');
    expect(dotted.body).not.toContain('"@pairwatch/shell"');
    // An encoded slash survives URL normalisation; the decoded path would leave the folder.
    const slashed = await rawGet(stack.urls.shell, '/..%2f..%2fpackage.json');
    expect(slashed.status).toBe(403);
  });

  test('refuse methods other than GET and HEAD', async ({ stack }) => {
    const response = await fetch(`${stack.urls.shell}/alerts`, { method: 'POST' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });
});
