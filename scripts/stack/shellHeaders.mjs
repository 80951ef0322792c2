// What the shell's page is sent with: its Content-Security-Policy and the `Link` preloads of what
// it waits on first beyond its own origin.

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
 * What a page waits on first beyond its own origin, announced with the page as a CDN would: the
 * manifest of its screen's remote (app-config.json names it, so the page itself learns it only
 * after its script ran) and, for the Alerts screen, the first chart's entry and chunks that
 * manifest lists (the runtime would ask for them only after reading it; docs/architecture.md §7,
 * "The first chart"). Scripts are preloaded as the runtime loads them: no-cors, so the preload is
 * the request it uses. The shell routes every path but /positions to Alerts. The service worker
 * keeps each page with these headers and asks for it again when a remote's build changes.
 *
 * @param {{ alerts: string, positions: string }} manifests - the remotes' manifest URLs.
 * @param {() => string[]} alertsCode - the first chart's code (firstChartCode).
 * @returns {(pathname: string) => string[]} the `Link` values for a page's path.
 */
export function documentLinks(manifests, alertsCode) {
  return (pathname) =>
    pathname.toLowerCase().startsWith('/positions')
      ? [`<${manifests.positions}>; rel=preload; as=fetch; crossorigin=anonymous`]
      : [
          `<${manifests.alerts}>; rel=preload; as=fetch; crossorigin=anonymous`,
          ...alertsCode().map((url) => `<${url}>; rel=preload; as=script`),
        ];
}
