/**
 * Checks that `apiUrl` is an absolute http(s) URL and returns it without query, hash or trailing
 * slash, so `${apiUrl}/candles` is always well formed.
 *
 * @throws TypeError naming the bad value.
 */
export function normalizeApiUrl(apiUrl: string): string {
  let parsed: URL | undefined;
  try {
    parsed = new URL(apiUrl);
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    throw new TypeError(`apiUrl must be an absolute http(s) URL, got '${apiUrl}'`);
  }
  return `${parsed.origin}${parsed.pathname}`.replace(/\/+$/, '');
}
