import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import {
  type LocalPushSubscription,
  type ReceivedPush,
  type ReceivedWebhook,
} from '@pairwatch/test-support';
import { type CDPSession, expect, test as base, type Locator, type Page } from '@playwright/test';
import { ARTIFACTS_DIR } from './paths';
import { readStackInfo, type StackPart, type StaticPart } from './StackInfo';

/**
 * The local Web Push service the api delivers to in this run (`LocalPushService` of
 * `@pairwatch/test-support`: HTTPS, RFC 8030, VAPID checked, aes128gcm decrypted), reached through
 * the harness's control server.
 */
export interface PushFixture {
  /**
   * A subscription as a browser's `PushSubscription.toJSON()` gives it, with an endpoint on the
   * local service, e.g. to return from a stubbed `PushManager.prototype.subscribe`.
   *
   * @param options.applicationServerKey - the api's VAPID public key (`GET /push/public-key`):
   *   the service then refuses messages not signed with it, as a browser's push service does.
   */
  createSubscription(options?: {
    readonly applicationServerKey?: string;
  }): Promise<LocalPushSubscription>;
  /**
   * Resolves once the service accepted `count` messages (in the whole run, or for `endpoint`
   * only), with all of them so far, oldest first; each `payload` is the decrypted text.
   *
   * @throws after `timeoutMs` (default 10 s, at most 60 s), telling what did reach the service.
   */
  waitForPushes(
    count: number,
    options?: { readonly endpoint?: string; readonly timeoutMs?: number },
  ): Promise<ReceivedPush[]>;
}

/**
 * The harness's webhook receiver (`WebhookReceiver` of `@pairwatch/test-support`: a real HTTP
 * server on loopback that answers 200), reached through the control server.
 */
export interface WebhooksFixture {
  /** A URL on the receiver to give as a webhook's URL, e.g. `url('/hook-<test>')`. */
  url(path: string): string;
  /**
   * Resolves once the receiver got `count` requests whose path starts with `path`, with all of
   * them so far, oldest first (`body` raw, `signature` the `Pairwatch-Signature` header).
   *
   * @throws after `timeoutMs` (default 5 s, at most 60 s), telling what did arrive.
   */
  waitFor(
    count: number,
    options: { readonly path: string; readonly timeoutMs?: number },
  ): Promise<ReceivedWebhook[]>;
  /** Whether `hook` carries a valid `Pairwatch-Signature` of its body with `secret`. */
  verify(secret: string, hook: ReceivedWebhook): Promise<boolean>;
}

/** The simulator's answer to `POST /__sim/price` (its `PriceChange`; prices are decimal strings). */
export interface SimPriceChange {
  readonly symbol: string;
  readonly previousPrice: string;
  readonly price: string;
  /** When the change applies (ms, on the simulator's clock). */
  readonly time: number;
}

/** The running product, as a test sees it. */
export interface StackFixture {
  /** The origin of each part: `urls.shell` is also the `baseURL` of `page.goto('/alerts')`. */
  readonly urls: Readonly<Record<StackPart, string>>;
  /** Stops a static server (shell, alerts or positions): its port refuses connections. */
  stopServer(part: StaticPart): Promise<void>;
  /** Starts a stopped static server again on its port (no-op when running). */
  startServer(part: StaticPart): Promise<void>;
  /** Runs `fn` with a static server stopped, and always starts it again afterwards. */
  withServerDown<T>(part: StaticPart, fn: () => Promise<T>): Promise<T>;
  /** The origin of the exchange simulator embedded in the api (the suite runs MARKET_DATA=simulator). */
  readonly simulatorUrl: string;
  /**
   * A request to the simulator's control API, `{simulatorUrl}/__sim/<simPath>`, e.g.
   * `sim('price', { method: 'POST', headers: { 'content-type': 'application/json' },
   * body: JSON.stringify({ symbol: 'BTCUSDT', price: 65000 }) })`. State-changing requests must be
   * JSON (415 otherwise). `simPath` has no leading slash. The operations are listed in packages/exchange-sim/README.md.
   */
  sim(simPath: string, init?: RequestInit): Promise<Response>;
  /**
   * Sets `symbol`'s simulated price now (`POST /__sim/price {symbol, price}` as JSON), expecting
   * 200 (the failure shows the simulator's answer), and resolves once the api's latest 1-minute
   * close is nearer the new price than the old one (the api learns it from the next kline event).
   * @returns the change the simulator reports.
   */
  setPrice(symbol: string, price: number): Promise<SimPriceChange>;
  /** The local Web Push service the api sends to (its certificate is trusted by the api). */
  readonly push: PushFixture;
  /** The webhook receiver the api can post to (loopback is allowed in this stack). */
  readonly webhooks: WebhooksFixture;
}

/** Screenshots kept after the run in `e2e/artifacts/`. */
export interface ArtifactsFixture {
  /**
   * Saves a full-page screenshot as `e2e/artifacts/<spec file>/<name>.png`, or of one element
   * when `of` is given (e.g. the chart, scrolled into view).
   * @returns the file's path.
   */
  screenshot(page: Page, name: string, of?: Locator): Promise<string>;
}

async function control(
  controlUrl: string,
  part: StaticPart,
  action: 'stop' | 'start',
): Promise<void> {
  const response = await fetch(`${controlUrl}/servers/${part}/${action}`, { method: 'POST' });
  if (!response.ok)
    throw new Error(
      `Could not ${action} the ${part} server: ${response.status} ${await response.text()}`,
    );
}

async function pushControl<T>(controlUrl: string, action: string, body: object): Promise<T> {
  return controlPost<T>(controlUrl, `push/${action}`, body);
}

async function controlPost<T>(controlUrl: string, action: string, body: object): Promise<T> {
  const response = await fetch(`${controlUrl}/${action}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(
      `The control server's ${action} failed: ${response.status} ${await response.text()}`,
    );
  return (await response.json()) as T;
}

/**
 * Playwright's `test` with Pairwatch's fixtures: `stack` (the running product) and `artifacts`
 * (screenshots). Import `test` and `expect` from here in every spec.
 */
/**
 * Waits until the api's latest 1-minute close for `symbol` is nearer the price just set than the
 * price before it (when the two differ by more than 0.5 %). The simulator applies a set at once, but the api learns it from the next kline
 * event (every tick) and may answer `/candles` from its cache until then; a test that opens a
 * screen right after a set would otherwise see the old price.
 */
async function waitForApiPrice(
  apiUrl: string,
  symbol: string,
  previous: number,
  target: number,
): Promise<void> {
  // Near the old price already (the walk wanders): a stale answer is as good as a fresh one.
  if (Math.abs(previous - target) <= target * 0.005) return;
  await expect
    .poll(
      async () => {
        const response = await fetch(
          `${apiUrl}/candles?symbol=${symbol}&interval=OneMinute&limit=1`,
        );
        const [candle] = (await response.json()) as { close: number }[];
        return (
          candle !== undefined &&
          Math.abs(candle.close - target) < Math.abs(candle.close - previous)
        );
      },
      { message: `the api never reported the ${symbol} price set to ${target}`, timeout: 10_000 },
    )
    .toBe(true);
}

/**
 * What the pages of a test reported as errors. Every uncaught page error and every
 * `console.error` fails the test unless the test allowed it beforehand (`allow`), for the errors it
 * provokes on purpose (a server stopped on purpose, a request refused on purpose).
 */
export interface PageErrorsFixture {
  /** Allows page errors and `console.error` messages whose text matches `pattern` in this test. */
  allow(pattern: RegExp): void;
  /** The errors seen so far (allowed or not), e.g. to assert that a provoked error was logged. */
  readonly seen: readonly string[];
}

/**
 * Clicks `target` the way a person does: scrolls it into view, checks that it is visible and that
 * it is what is on top at its centre (`document.elementFromPoint` returns it or a descendant), then
 * clicks there with the mouse — or taps there when the page emulates touch (`hasTouch`). A control
 * that exists in the DOM but is clipped, covered or off screen fails here instead of being clicked
 * through the DOM.
 */
export async function clickOnScreen(target: Locator): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  await expect(target).toBeVisible();
  await expect
    .poll(
      async () => {
        // Scrolled to again each time, as a person looks for it again: content that appears above
        // it after the first scroll (a preview line under a field just filled) pushes it down, off
        // screen. What covers it in view (a sticky header, a toast) still fails.
        await target.scrollIntoViewIfNeeded();
        const box = await target.boundingBox();
        if (!box) return 'no box';
        const x = box.x + box.width / 2;
        const y = box.y + box.height / 2;
        const onTop = await target.evaluate(
          (element, [px, py]) => {
            const hit = document.elementFromPoint(px as number, py as number);
            return hit !== null && (hit === element || element.contains(hit));
          },
          [x, y],
        );
        return onTop ? 'on top' : `covered at (${Math.round(x)}, ${Math.round(y)})`;
      },
      { message: 'the element is not on top at its centre', timeout: 5_000 },
    )
    .toBe('on top');
  const box = await target.boundingBox();
  if (!box) throw new Error('the element has no box on screen');
  const page = target.page();
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const hasTouch = await page.evaluate(() => navigator.maxTouchPoints > 0);
  if (hasTouch) await page.touchscreen.tap(x, y);
  else await page.mouse.click(x, y);
}

/**
 * Delivers a push to a service worker through DevTools (`ServiceWorker.deliverPushMessage`) until
 * `delivered()` says it arrived, at most 3 times, 5 s apart. Headless Chromium now and then loses a
 * message delivered this way (about one run in five on a loaded 2-core machine, with the worker
 * active); a real push service retries the same way. A message the worker shows under one `tag`
 * replaces itself, so a repeat cannot add a second notification.
 */
export async function deliverPushUntil(
  cdp: CDPSession,
  target: { readonly origin: string; readonly registrationId: string; readonly data: string },
  delivered: () => Promise<boolean>,
): Promise<void> {
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    await cdp.send('ServiceWorker.deliverPushMessage', target);
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline) {
      if (await delivered()) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

export const test = base.extend<{
  stack: StackFixture;
  artifacts: ArtifactsFixture;
  pageErrors: PageErrorsFixture;
}>({
  // Every page of the test's context reports here; the check runs after the test body.
  pageErrors: [
    async ({ context }, use, testInfo) => {
      const allowed: RegExp[] = [];
      const seen: string[] = [];
      const unexpected: string[] = [];
      const record = (text: string) => {
        seen.push(text);
        if (!allowed.some((pattern) => pattern.test(text))) unexpected.push(text);
      };
      context.on('weberror', (error) => record(`page error: ${String(error.error())}`));
      context.on('console', (message) => {
        if (message.type() === 'error') record(`console.error: ${message.text()}`);
      });
      await use({ allow: (pattern) => allowed.push(pattern), seen });
      if (testInfo.status === testInfo.expectedStatus && unexpected.length > 0) {
        throw new Error(`Unexpected errors on the page:\n${unexpected.join('\n')}`);
      }
    },
    { auto: true },
  ],
  // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructured first argument.
  stack: async ({}, use) => {
    const info = readStackInfo();
    const stopServer = (part: StaticPart) => control(info.controlUrl, part, 'stop');
    const startServer = (part: StaticPart) => control(info.controlUrl, part, 'start');
    const stopped = new Set<StaticPart>();
    const sim = (simPath: string, init?: RequestInit) =>
      fetch(`${info.simulatorUrl}/__sim/${simPath}`, init);
    await use({
      urls: info.urls,
      simulatorUrl: info.simulatorUrl,
      stopServer: async (part) => {
        stopped.add(part);
        await stopServer(part);
      },
      startServer: async (part) => {
        await startServer(part);
        stopped.delete(part);
      },
      withServerDown: async (part, fn) => {
        await stopServer(part);
        try {
          return await fn();
        } finally {
          await startServer(part);
        }
      },
      sim,
      setPrice: async (symbol, price) => {
        const response = await sim('price', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ symbol, price }),
        });
        const text = await response.text();
        expect(response.status, text).toBe(200);
        const change = JSON.parse(text) as SimPriceChange;
        await waitForApiPrice(info.urls.api, symbol, Number(change.previousPrice), price);
        return change;
      },
      push: {
        createSubscription: (options = {}) =>
          pushControl<LocalPushSubscription>(info.controlUrl, 'subscriptions', options),
        waitForPushes: (count, options = {}) =>
          pushControl<ReceivedPush[]>(info.controlUrl, 'wait', { count, ...options }),
      },
      webhooks: {
        url: (path) => `${info.webhookOrigin}${path}`,
        waitFor: (count, options) =>
          controlPost<ReceivedWebhook[]>(info.controlUrl, 'webhooks/wait', { count, ...options }),
        verify: async (secret, hook) =>
          (
            await controlPost<{ valid: boolean }>(info.controlUrl, 'webhooks/verify', {
              secret,
              signature: hook.signature ?? '',
              body: hook.body,
            })
          ).valid,
      },
    });
    // A test that stopped a server and failed before starting it must not break the next tests.
    for (const part of stopped) await startServer(part);
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructured first argument.
  artifacts: async ({}, use, testInfo) => {
    const dir = path.join(ARTIFACTS_DIR, path.basename(testInfo.file).replace(/\.spec\.ts$/, ''));
    await use({
      screenshot: async (page, name, of) => {
        await mkdir(dir, { recursive: true });
        const file = path.join(dir, `${name}.png`);
        if (of) await of.screenshot({ path: file });
        else await page.screenshot({ path: file, fullPage: true });
        return file;
      },
    });
  },
});

export { expect };
