/** Protocol name of the JSON hub protocol in the handshake. */
const JSON_PROTOCOL = 'json';
/** Highest JSON protocol version we speak; 2 needs stateful reconnect, which we never negotiate. */
const MAX_JSON_VERSION = 1;

/** Client handshake accepted, or the error text to send back (ASP.NET's wording). */
export type HandshakeResult =
  { readonly ok: true } | { readonly ok: false; readonly error: string };

const MALFORMED = 'An unexpected error occurred during connection handshake.';

/**
 * Checks the first record of a connection: `{"protocol":"json","version":1}`.
 *
 * @internal
 */
export function parseHandshake(record: Buffer): HandshakeResult {
  let value: unknown;
  try {
    value = JSON.parse(record.toString('utf8'));
  } catch {
    return { ok: false, error: MALFORMED };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, error: MALFORMED };
  }
  const { protocol, version } = value as Record<string, unknown>;
  if (typeof protocol !== 'string' || typeof version !== 'number' || !Number.isInteger(version)) {
    return { ok: false, error: MALFORMED };
  }
  if (protocol !== JSON_PROTOCOL) {
    return { ok: false, error: `The protocol '${protocol}' is not supported.` };
  }
  if (version < 0 || version > MAX_JSON_VERSION) {
    return {
      ok: false,
      error: `The server does not support version ${version} of the '${protocol}' protocol.`,
    };
  }
  return { ok: true };
}
