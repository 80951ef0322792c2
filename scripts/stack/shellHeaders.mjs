// What the shell's page is sent with: its Content-Security-Policy and the `Link` preloads of what
// it waits on first beyond its own origin.
import { createRequire } from 'node:module';

/** @type {{ DEFAULT_INTERVAL: string, isInterval: (value: unknown) => boolean, isSymbolId: (value: unknown) => boolean } | null | undefined} */
let domain;

/**
 * The pairs and intervals as the app knows them: the domain package's build, read at the first
 * page served (the stack's start builds it first; this module is imported before that). Without
 * it the pages go without the chart's data preloads, nothing else.
 */
function knownPairs() {
  if (domain === undefined) {
    try {
      domain = createRequire(import.meta.url)('../../packages/domain/dist/index.js');
    } catch {
      domain = null;
    }
  }
  return domain;
}

/**
 * The shell's page may run scripts only from itself and the two remotes, talk only to them and
 * the api (its WebSocket too), and never be framed. Styles are inline (emotion), hence
 * 'unsafe-inline' for styles only. The service worker (`worker-src 'self'`) has no policy of its
 * own: it fetches the remotes' files and app-config.json for offline starts, never the api.
 *
 * @param {{ api: string, alerts: string, positions: string }} urls - the stack's origins.
 */
export function contentSecurityPolicy(urls) {
  const remotes = `${urls.alerts} ${urls.positions}`;
  return [
    "default-src 'self'",
    `script-src 'self' ${remotes}`,
    `connect-src 'self' ${urls.api} ${urls.api.replace(/^http/, 'ws')} ${remotes}`,
    `img-src 'self' data: ${remotes}`,
    "style-src 'self' 'unsafe-inline'",
    "font-src 'self' data:",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * What a page waits on first beyond its own origin, announced with the page as a CDN would:
 *
 * - the manifest of its screen's remote (app-config.json names it, so the page itself learns it
 *   only after its script ran) and, for the Alerts screen, the first chart's entry and chunks that
 *   manifest lists (the runtime would ask for them only after reading it; docs/architecture.md §7,
 *   "The first chart"). Scripts are preloaded as the runtime loads them: no-cors, so the preload is
 *   the request it uses;
 * - the api requests the page makes before it draws: `GET /status` (the frame's market chip, on
 *   screen before any price) and, when the query names the pair (`?symbol=…&interval=…`, a
 *   notification's link), the first chart's candles and symbol info, spelled exactly as the page
 *   asks them (`packages/shell/src/federation/firstScreenUrls.ts`), so the page's own requests
 *   take the preloads. Without a pair in the query the page picks it from its own storage.
 *
 * The shell routes every path but /positions to Alerts. The service worker keeps each page with
 * these headers (asking for it again when a remote's build changes), and adds the data preloads
 * of the visit's own query.
 *
 * @param {{ alerts: string, positions: string }} manifests - the remotes' manifest URLs.
 * @param {() => string[]} alertsCode - the first chart's code (firstChartCode).
 * @param {string} apiUrl - the api, as app-config.json names it.
 * @returns {(pathname: string, search?: URLSearchParams) => string[]} the `Link` values for a page.
 */
export function documentLinks(manifests, alertsCode, apiUrl) {
  const fetched = (url) => `<${url}>; rel=preload; as=fetch; crossorigin=anonymous`;
  return (pathname, search = new URLSearchParams()) => {
    const status = fetched(`${apiUrl}/status`);
    if (pathname.toLowerCase().startsWith('/positions')) {
      return [fetched(manifests.positions), status];
    }
    return [
      fetched(manifests.alerts),
      ...alertsCode().map((url) => `<${url}>; rel=preload; as=script`),
      status,
      ...linkedChartRequests(apiUrl, search).map(fetched),
    ];
  };
}

/** The first chart's candles (latest 500) and symbol info, when `search` names a valid pair. */
function linkedChartRequests(apiUrl, search) {
  const pairs = knownPairs();
  const symbol = search.get('symbol');
  if (!pairs || symbol === null || !pairs.isSymbolId(symbol)) return [];
  const linked = search.get('interval');
  const interval = linked !== null && pairs.isInterval(linked) ? linked : pairs.DEFAULT_INTERVAL;
  // The page's spelling (firstScreenUrls): symbol, interval, limit, in that order.
  const candles = new URLSearchParams({ symbol, interval, limit: '500' });
  return [`${apiUrl}/candles?${candles.toString()}`, `${apiUrl}/symbols/${symbol}`];
}
