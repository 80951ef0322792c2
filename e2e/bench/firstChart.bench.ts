import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { type LinkShape, type LocalServe, ShapedLink } from '@pairwatch/test-support';
import {
  type Browser,
  type BrowserContext,
  type CDPSession,
  expect,
  type Page,
} from '@playwright/test';
import { FIRST_CANDLES_MARK, LATEST_CANDLES_MARK } from '@pairwatch/alerts-mfe/testing';
import { type StackFixture, test } from '../harness/fixtures';
import { E2E_DIR } from '../harness/paths';
import { controlledByWorker } from '../harness/serviceWorkerControl';

// `pnpm bench:web`: navigation → first candles drawn, Pairwatch's /alerts against a bare page (one
// HTML file, lightweight-charts' standalone build, one fetch of the same 500 bars from the same api,
// setData, next frame), cold browser contexts, alternating, median of SAMPLES each; then warm
// visits of each (once the first visit is over and, for Pairwatch, its service worker controls the
// page): a reload, a new tab, and a new tab after the browser stopped the worker (as a visitor
// returning after more than ~30 s finds it: the page's first request then waits for the worker to
// start), also SAMPLES of each (a warm visit is short, so a busy machine moves its median more).
// On a warm visit Pairwatch's first candles are those it kept on the visit before, drawn before
// the api answers (docs/architecture.md §7, "Offline and updates"); the api's are drawn over them
// when they come, and each warm row says when ("the api's drawn at"), and in how many samples the
// first candles were kept ones.
// Prints figures, their spread and the ratios; asserts nothing about speed (machines differ).
// Nothing of the test runner runs in the pages while they are measured (no trace, see
// playwright.bench.config.ts; the mark is awaited from a console message, see markSet).
//
// Over loopback a warm visit has next to nothing to save: a round trip costs well under a
// millisecond, so even the bare page's warm new tab takes as long as its cold visit. What a
// repeat visit saves is round trips and bytes, so the bench runs once over loopback and once over
// a home connection's link, `BENCH_NETWORK` (a comma-separated list of `loopback` and
// `<round trip ms>/<down kbit/s>/<up kbit/s>`; default `loopback,40/20000/5000`). A link is a
// `ShapedLink` (`@pairwatch/test-support`), one per browser context: a forward proxy on loopback
// that the context's requests go through, delayed and metered as the link would (a round trip per
// request, TCP's and TLS's two more the first time an origin is reached, as over HTTP/2's one
// connection per origin, each direction's bandwidth shared); the bare page's two files
// are answered by it as if the shell's server had sent them (brotli, the script cacheable, as a
// deployment would serve them). What a service worker answers from its caches never crosses it,
// as on a device, where those answers come from disk (Chromium's own emulation,
// `Network.emulateNetworkConditions`, meters them too). docs/architecture.md §7, "Offline and
// updates".

const SAMPLES = Number(process.env['BENCH_SAMPLES'] ?? 7);
/**
 * The page measured: by default a notification's link, which names the pair (the worker answers
 * it, with its chart's preloads); `BENCH_APP_PATH=/alerts` measures the installed app's start
 * instead (the worker answers it without preloads of the chart's api requests: the pair is in the
 * page's storage, which it cannot read).
 */
const APP_PATH = process.env['BENCH_APP_PATH'] ?? '/alerts?symbol=BTCUSDT&interval=OneMinute';
const STANDALONE = path.join(
  E2E_DIR,
  '../packages/alerts-mfe/node_modules/lightweight-charts/dist/lightweight-charts.standalone.production.js',
);

function barePage(apiUrl: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>bare</title>
<script src="/__bench/lwc.js"></script></head><body><div id="c" style="width:1200px;height:600px"></div>
<script>
const chart = LightweightCharts.createChart(document.getElementById('c'), { autoSize: true });
const series = chart.addSeries(LightweightCharts.CandlestickSeries);
fetch('${apiUrl}/candles?symbol=BTCUSDT&interval=OneMinute&limit=500').then((r) => r.json()).then((bars) => {
  series.setData(bars);
  requestAnimationFrame(() => performance.mark('bare:first-candles'));
});
</script></body></html>`;
}

/** The warm visits: a reload, a new tab, and a new tab once the service workers are stopped. */
const WARM_KINDS = ['reload', 'newTab', 'stoppedWorker'] as const;
type WarmKind = (typeof WARM_KINDS)[number];
const WARM_NAMES: Record<WarmKind, string> = {
  reload: 'reload',
  newTab: 'new tab',
  stoppedWorker: 'worker off',
};
type WarmSamples = Record<WarmKind, Sample>;

interface Sample {
  readonly ms: number;
  readonly kib: number;
  /** First candles → both cards on screen (Pairwatch only). */
  readonly cardsMs?: number;
  /**
   * Navigation → the api's candles drawn (Pairwatch only): later than `ms` when the first candles
   * were the ones kept on the visit before (a repeat visit), else the same.
   */
  readonly latestMs?: number;
  /** Whether the first candles drawn were kept ones (Pairwatch only). */
  readonly kept?: boolean;
}

/** The performance mark the page sets on the first frame that shows both cards. */
const CARDS_MARK = 'bench:cards-shown';

/** A network the bench runs over: loopback as it is, or a {@link ShapedLink} of `shape`. */
interface BenchNetwork {
  readonly name: string;
  readonly shape?: LinkShape;
}

function benchNetworks(spec: string): BenchNetwork[] {
  return spec.split(',').map((part) => {
    const text = part.trim();
    if (text === 'loopback') return { name: 'loopback' };
    const numbers = text.split('/').map(Number);
    if (numbers.length !== 3 || numbers.some((n) => !Number.isFinite(n) || n <= 0)) {
      throw new Error(
        `BENCH_NETWORK lists "loopback" or <round trip ms>/<down kbit/s>/<up kbit/s>, such as 40/20000/5000 (got "${text}")`,
      );
    }
    const [rttMs, downKbps, upKbps] = numbers as [number, number, number];
    return {
      name: `${rttMs} ms round trip, ${downKbps / 1000} Mbit/s down, ${upKbps / 1000} Mbit/s up`,
      shape: { rttMs, downKbps, upKbps },
    };
  });
}

const NETWORKS = benchNetworks(process.env['BENCH_NETWORK'] || 'loopback,40/20000/5000');

/**
 * Counts the bytes the page received (headers and bodies, as sent) through the DevTools protocol,
 * and lists its requests when {@link REQUESTS} asks for them.
 */
async function watchNetwork(
  page: Page,
): Promise<{ bytes: () => number; requests: (() => string) | undefined }> {
  const cdp = await page.context().newCDPSession(page);
  let bytes = 0;
  cdp.on('Network.loadingFinished', (event: { encodedDataLength: number }) => {
    bytes += event.encodedDataLength;
  });
  const requests = REQUESTS ? listRequests(cdp) : undefined;
  await cdp.send('Network.enable');
  return { bytes: () => bytes, requests };
}

/** `BENCH_REQUESTS=1`: prints each measured page's requests, in order, when each began and ended. */
const REQUESTS = process.env['BENCH_REQUESTS'] === '1';

/** Records the page's requests; the function returned puts them in words, from the first one. */
function listRequests(cdp: CDPSession): () => string {
  const requests = new Map<string, { url: string; start: number; end?: number; from: string }>();
  cdp.on(
    'Network.requestWillBeSent',
    (event: { requestId: string; timestamp: number; request: { url: string } }) => {
      if (!requests.has(event.requestId)) {
        requests.set(event.requestId, {
          url: event.request.url,
          start: event.timestamp,
          from: 'network',
        });
      }
    },
  );
  cdp.on(
    'Network.responseReceived',
    (event: {
      requestId: string;
      response: {
        fromServiceWorker?: boolean;
        fromDiskCache?: boolean;
        fromPrefetchCache?: boolean;
      };
    }) => {
      const request = requests.get(event.requestId);
      if (!request) return;
      const { response } = event;
      request.from = response.fromServiceWorker
        ? 'worker'
        : response.fromDiskCache
          ? 'disk cache'
          : response.fromPrefetchCache
            ? 'prefetch'
            : 'network';
    },
  );
  cdp.on('Network.loadingFinished', (event: { requestId: string; timestamp: number }) => {
    const request = requests.get(event.requestId);
    if (request) request.end = event.timestamp;
  });
  return () => {
    const first = Math.min(...[...requests.values()].map((request) => request.start));
    const ms = (seconds: number | undefined) =>
      seconds === undefined ? '…' : ((seconds - first) * 1000).toFixed(0);
    return [...requests.values()]
      .map(
        (request) =>
          `  ${ms(request.start).padStart(5)} → ${ms(request.end).padStart(5)} ms  ${request.from.padEnd(10)} ${request.url.replace(/^https?:\/\/[^/]+/, '')}`,
      )
      .join('\n');
  };
}

/**
 * Gives a promise of `mark`, to await after navigating; it waits without running anything of the test in the page meanwhile: the page says it
 * on the console (an init script, the same in both pages). Playwright's `waitForFunction` would
 * inject its script and poll it every frame in the page while the time is being measured, into
 * whichever page happened to be busy then.
 */
async function markSet(page: Page, mark: string): Promise<{ drawn: Promise<void> }> {
  const said = `bench: ${mark}`;
  await page.addInitScript(
    ({ name, text }) => {
      new PerformanceObserver((list, observer) => {
        if (list.getEntriesByName(name).length === 0) return;
        observer.disconnect();
        console.debug(text);
      }).observe({ type: 'mark', buffered: true });
    },
    { name: mark, text: said },
  );
  // In an object: an async function would wait for a promise it returns.
  const drawn = page
    .waitForEvent('console', { predicate: (message) => message.text() === said, timeout: 30_000 })
    .then(() => undefined);
  return { drawn };
}

/**
 * Marks {@link CARDS_MARK} in the page on the first animation frame, after the first candles, in
 * which the New Alert card and the Your alerts table are both on screen (rendered, visible, with a
 * box: not their placeholders, which are neither sections nor labelled). It starts looking only
 * at the first-candles mark, so nothing of it runs while the first chart is measured; then one
 * check per frame (two queries) until they are there.
 */
async function cardsShown(page: Page, after: string): Promise<void> {
  await page.addInitScript(
    ({ firstCandles, cards }) => {
      const shown = (selector: string) => {
        const card = document.querySelector(selector);
        if (!card || !card.checkVisibility({ opacityProperty: true, visibilityProperty: true })) {
          return false;
        }
        const box = card.getBoundingClientRect();
        return box.width > 0 && box.height > 0;
      };
      const look = () => {
        if (
          shown('section[aria-labelledby="new-alert-title"]') &&
          shown('section[aria-labelledby="your-alerts-title"]')
        ) {
          performance.mark(cards);
        } else {
          requestAnimationFrame(look);
        }
      };
      new PerformanceObserver((list, observer) => {
        if (list.getEntriesByName(firstCandles).length === 0) return;
        observer.disconnect();
        requestAnimationFrame(look);
      }).observe({ type: 'mark', buffered: true });
    },
    { firstCandles: after, cards: CARDS_MARK },
  );
}

async function measure(
  page: Page,
  url: string,
  mark: string,
  cards: boolean = false,
  reload: boolean = false,
): Promise<Sample> {
  const network = await watchNetwork(page);
  const { drawn } = await markSet(page, mark);
  const cardsMark = cards ? await markSet(page, CARDS_MARK) : undefined;
  const latestMark = cards ? await markSet(page, LATEST_CANDLES_MARK) : undefined;
  if (cards) await cardsShown(page, mark);
  if (reload) await page.reload({ waitUntil: 'commit' });
  else await page.goto(url, { waitUntil: 'commit' });
  await drawn;
  await cardsMark?.drawn;
  await latestMark?.drawn;
  const [[ms, cardsAt, latestAt], kept] = await page.evaluate(
    (names) => [
      names.map((name) => performance.getEntriesByName(name)[0]?.startTime),
      (performance.getEntriesByName(names[0]!)[0] as PerformanceMark | undefined)?.detail?.kept,
    ],
    [mark, CARDS_MARK, LATEST_CANDLES_MARK],
  );
  await page.waitForLoadState('networkidle');
  if (network.requests) {
    console.log(
      `requests of ${url}${reload ? ' (reload)' : ''}, ${ms!.toFixed(0)} ms to the mark:\n${network.requests()}`,
    );
  }
  return {
    ms: ms!,
    kib: network.bytes() / 1024,
    ...(cards && cardsAt !== undefined ? { cardsMs: cardsAt - ms! } : {}),
    ...(cards && latestAt !== undefined ? { latestMs: latestAt, kept: kept === true } : {}),
  };
}

/** The bare page's two files: the page, and lightweight-charts' standalone build (brotli). */
function bareFiles(api: string): { page: Buffer; script: Buffer; scriptBrotli: Buffer } {
  const script = readFileSync(STANDALONE);
  return {
    page: Buffer.from(barePage(api)),
    script,
    scriptBrotli: brotliCompressSync(script),
  };
}

/** Over loopback the bench answers the bare page's files itself (no link to answer them). */
async function routeBare(page: Page, shell: string, api: string): Promise<void> {
  const files = bareFiles(api);
  await page.route(`${shell}/__bench/bare`, (route) =>
    route.fulfill({ contentType: 'text/html', body: files.page }),
  );
  await page.route(`${shell}/__bench/lwc.js`, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: files.script }),
  );
}

/**
 * Over a link the link answers them, as the shell's static server would serve such files: the
 * page revalidated on each visit, the script compressed and kept by the HTTP cache.
 */
function serveBare(shell: string, api: string): LocalServe {
  const files = bareFiles(api);
  return (url, request) => {
    if (url.origin !== shell) return undefined;
    if (url.pathname === '/__bench/bare') {
      return {
        status: 200,
        headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' },
        body: files.page,
      };
    }
    if (url.pathname !== '/__bench/lwc.js') return undefined;
    const brotli = /\bbr\b/.test(String(request.headers['accept-encoding'] ?? ''));
    return {
      status: 200,
      headers: {
        'Content-Type': 'text/javascript; charset=utf-8',
        'Cache-Control': 'public, max-age=31536000, immutable',
        Vary: 'Accept-Encoding',
        ...(brotli ? { 'Content-Encoding': 'br' } : {}),
      },
      body: brotli ? files.scriptBrotli : files.script,
    };
  };
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/**
 * A new browser context, on its own link when the network has a shape (a link stands for one
 * browser's connections: a context's first request to an origin pays the handshakes).
 */
async function openContext(
  browser: Browser,
  network: BenchNetwork,
  serve: LocalServe,
): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const link = network.shape ? await ShapedLink.start(network.shape, serve) : undefined;
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    ...(link ? { proxy: { server: link.proxyUrl } } : {}),
  });
  return {
    context,
    close: async () => {
      await context.close();
      // The page's requests went through the link: else the figures would be loopback's.
      if (link) expect(link.passed, 'requests through the shaped link').toBeGreaterThan(3);
      await link?.close();
    },
  };
}

async function coldSample(
  open: () => ReturnType<typeof openContext>,
  run: (page: Page) => Promise<Sample>,
): Promise<Sample> {
  const { context, close } = await open();
  try {
    return await run(await context.newPage());
  } finally {
    await close();
  }
}

for (const network of NETWORKS) {
  test(`navigation → first candles over ${network.name}: Pairwatch against a bare lightweight-charts page`, async ({
    browser,
    stack,
  }) => {
    test.setTimeout(900_000);
    await runBench(browser, stack, network);
  });
}

async function runBench(
  browser: Browser,
  stack: StackFixture,
  network: BenchNetwork,
): Promise<void> {
  const serve = serveBare(stack.urls.shell, stack.urls.api);
  const open = () => openContext(browser, network, serve);
  const app = `${stack.urls.shell}${APP_PATH}`;
  const bare = `${stack.urls.shell}/__bench/bare`;
  const runApp = (page: Page, reload = false) =>
    measure(page, app, FIRST_CANDLES_MARK, true, reload);
  const runBare = async (page: Page, reload = false) => {
    if (!reload && !network.shape) await routeBare(page, stack.urls.shell, stack.urls.api);
    return measure(page, bare, 'bare:first-candles', false, reload);
  };
  // One warm-up of each (the api's candle cache, the OS file cache), not counted.
  await coldSample(open, (page) => runApp(page));
  await coldSample(open, (page) => runBare(page));
  const appSamples: Sample[] = [];
  const bareSamples: Sample[] = [];
  for (let i = 0; i < SAMPLES; i += 1) {
    appSamples.push(await coldSample(open, (page) => runApp(page)));
    bareSamples.push(await coldSample(open, (page) => runBare(page)));
  }
  // Warm: after a first visit in the same context (its HTTP cache and, for Pairwatch, its service
  // worker installed and in control), a reload of that page and a visit in a new tab.
  const warm = async (
    run: (page: Page, reload: boolean) => Promise<Sample>,
    serviceWorker: boolean,
  ): Promise<WarmSamples> => {
    const { context, close } = await open();
    try {
      const first = await context.newPage();
      await run(first, false);
      if (serviceWorker) await controlledByWorker(first);
      const reload = await run(first, true);
      const newTab = await run(await context.newPage(), false);
      // What the browser does to an idle worker after ~30 s (none for the bare page: the same
      // visit as a new tab).
      const next = await context.newPage();
      const cdp = await context.newCDPSession(next);
      await cdp.send('ServiceWorker.enable');
      await cdp.send('ServiceWorker.stopAllWorkers');
      await cdp.detach();
      const stoppedWorker = await run(next, false);
      return { reload, newTab, stoppedWorker };
    } finally {
      await close();
    }
  };
  const warmSamples = SAMPLES;
  const appWarm: WarmSamples[] = [];
  const bareWarm: WarmSamples[] = [];
  for (let i = 0; i < warmSamples; i += 1) {
    appWarm.push(await warm((page, reload) => runApp(page, reload), true));
    bareWarm.push(await warm((page, reload) => runBare(page, reload), false));
  }
  const warmMs = (samples: WarmSamples[], kind: WarmKind) =>
    median(samples.map((sample) => sample[kind].ms));
  const warmSpread = (samples: WarmSamples[], kind: WarmKind) => {
    const ms = samples.map((sample) => sample[kind].ms);
    return `(min ${Math.min(...ms).toFixed(0)}, max ${Math.max(...ms).toFixed(0)})`;
  };
  const warmKib = (samples: WarmSamples[], kind: WarmKind) =>
    median(samples.map((sample) => sample[kind].kib));

  const row = (name: string, samples: readonly Sample[]) =>
    `${name.padEnd(12)} median ${median(samples.map((s) => s.ms))
      .toFixed(0)
      .padStart(6)} ms` +
    `  (min ${Math.min(...samples.map((s) => s.ms)).toFixed(0)}, max ${Math.max(...samples.map((s) => s.ms)).toFixed(0)})` +
    `  ${median(samples.map((s) => s.kib))
      .toFixed(0)
      .padStart(5)} KiB`;
  const cardsMs = appSamples.map((s) => s.cardsMs!);
  const ratio = median(appSamples.map((s) => s.ms)) / median(bareSamples.map((s) => s.ms));
  const bytesRatio = median(appSamples.map((s) => s.kib)) / median(bareSamples.map((s) => s.kib));
  console.log(
    [
      network.shape
        ? `\nover a shaped link (BENCH_NETWORK): ${network.name}`
        : '\nover loopback as it is (BENCH_NETWORK lists the networks, e.g. loopback,40/20000/5000)',
      `navigation → first candles drawn, cold contexts, ${SAMPLES} samples each (alternating), Pairwatch at ${APP_PATH}:`,
      row('Pairwatch', appSamples),
      row('bare page', bareSamples),
      `ratio ${ratio.toFixed(2)}× time, ${bytesRatio.toFixed(2)}× bytes (goal ≤ 1.5× time)`,
      `\nwarm (after a first visit; Pairwatch's service worker in control), median of ${warmSamples}:`,
      ...WARM_KINDS.map(
        (kind) =>
          `${WARM_NAMES[kind].padEnd(12)} Pairwatch ${warmMs(appWarm, kind).toFixed(0)} ms ${warmSpread(appWarm, kind)} ${warmKib(appWarm, kind).toFixed(0)} KiB` +
          ` (${(warmMs(appWarm, kind) / median(appSamples.map((s) => s.ms))).toFixed(2)}× cold, goal ≤ 0.5×),` +
          ` bare ${warmMs(bareWarm, kind).toFixed(0)} ms ${warmKib(bareWarm, kind).toFixed(0)} KiB;` +
          ` kept candles first in ${appWarm.filter((sample) => sample[kind].kept).length} of ${appWarm.length},` +
          ` the api's drawn at ${median(appWarm.map((sample) => sample[kind].latestMs!)).toFixed(0)} ms`,
      ),
      `\nfirst candles → New Alert and Your alerts on screen, Pairwatch, cold contexts, ${SAMPLES} samples:`,
      `${'Pairwatch'.padEnd(12)} median ${median(cardsMs).toFixed(0).padStart(6)} ms` +
        `  (min ${Math.min(...cardsMs).toFixed(0)}, max ${Math.max(...cardsMs).toFixed(0)})  (goal ≤ 800 ms)`,
      `warm new tab: ${median(appWarm.map((sample) => sample.newTab.cardsMs!)).toFixed(0)} ms`,
    ].join('\n'),
  );
}
