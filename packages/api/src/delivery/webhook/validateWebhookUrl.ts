import { refusedHostReason } from '../../push/privateAddresses';

/** Longest webhook URL accepted (what browsers and most servers handle). */
export const MAX_WEBHOOK_URL_LENGTH = 2048;

/**
 * Why a webhook URL cannot be used, as one sentence for the owner, or undefined when it can: it
 * must be an absolute http(s) URL whose host is not inside the api's own network (an IP literal
 * is judged here; a name is judged again on every connection, by what it resolves to).
 *
 * @param allowPrivate - `PUSH_ALLOW_PRIVATE_ENDPOINTS`: admit loopback and private hosts (tests);
 *   link-local and cloud metadata hosts are refused even then.
 * @example `validateWebhookUrl('ftp://example.com', false)` → `'url must be an http:// or https:// URL'`
 */
export function validateWebhookUrl(url: string, allowPrivate: boolean): string | undefined {
  if (url.length > MAX_WEBHOOK_URL_LENGTH)
    return `url must be at most ${MAX_WEBHOOK_URL_LENGTH} characters long`;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'url must be an http:// or https:// URL';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    return 'url must be an http:// or https:// URL';
  if (parsed.hostname === '') return 'url must name a host';
  const reason = refusedHostReason(parsed.hostname, allowPrivate);
  if (reason !== undefined)
    return `url's host is ${reason} (${parsed.hostname}); alerts are not sent into the api's own network`;
  return undefined;
}
