import { ApiProblem } from '../errors/ApiProblem';

function refused(detail: string): ApiProblem {
  return new ApiProblem('INVALID_PUSH_SUBSCRIPTION', detail);
}

/**
 * A push endpoint in the one spelling the store keeps and compares (WHATWG URL serialisation):
 * scheme and host lower-cased, IPv4 numeric forms (`01.1.1.1`, `0x01010101`) normalised, the
 * default port dropped, dot segments resolved, the fragment and an empty query dropped. Without
 * it, `HTTPS://`, `:443`, `#x` or `/./` made a second registration of a known endpoint instead of
 * the 409 that protects it. Push services put no credentials in the URL, so those are refused
 * (such an endpoint probes some other service; the caller checks the host and port).
 *
 * @throws ApiProblem 400 `INVALID_PUSH_SUBSCRIPTION` saying what is wrong with it.
 */
export function canonicalEndpoint(endpoint: string): URL {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw refused('endpoint is not a URL.');
  }
  if (url.protocol !== 'https:') {
    throw refused(`endpoint must be an https:// URL, got ${url.protocol}//.`);
  }
  if (url.username !== '' || url.password !== '') {
    throw refused('endpoint must not carry a user name or password (user:pw@).');
  }
  url.hash = '';
  // Setting the empty query again drops a bare "?", which the serialisation would keep.
  if (url.search === '') url.search = '';
  url.pathname = normalizePercentEncoding(url.pathname);
  if (url.search !== '') url.search = normalizePercentEncoding(url.search);
  return url;
}

/** RFC 3986's unreserved characters: the same character whether percent-encoded or not. */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/**
 * RFC 3986 §6.2.2's normalisation of percent-encoding, which the URL parser leaves alone: `%2f`
 * and `%2F` are the same octet (hex digits upper-cased), and an encoded unreserved character is
 * the character (`%41` is `A`). Other octets stay encoded: `%2F` is not a path separator.
 */
function normalizePercentEncoding(text: string): string {
  return text.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => {
    const character = String.fromCharCode(Number.parseInt(hex, 16));
    return UNRESERVED.test(character) ? character : `%${hex.toUpperCase()}`;
  });
}
