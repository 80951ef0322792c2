// Every error the api answers with (the catalogue) and the RFC 9457 body built from an entry.
/** One entry of the error catalogue: the HTTP status and a short, fixed title. */
export interface ProblemType {
  readonly status: number;
  readonly title: string;
}

/**
 * Every error the api answers with, by stable `code` (architecture §3). Clients map codes, never
 * message text. Codes are never renamed or reused; each one is documented in the package README
 * (a test checks it).
 */
export const problemCatalogue = {
  BAD_REQUEST: { status: 400, title: 'Bad request' },
  VALIDATION_FAILED: { status: 400, title: 'Invalid request' },
  INVALID_JSON: { status: 400, title: 'Malformed JSON body' },
  REQUEST_TOO_LONG: { status: 400, title: 'Request too long' },
  UNKNOWN_SYMBOL: { status: 400, title: 'Unknown symbol' },
  INVALID_INTERVAL: { status: 400, title: 'Invalid interval' },
  INVALID_LIMIT: { status: 400, title: 'Invalid limit' },
  INVALID_TIME: { status: 400, title: 'Invalid time' },
  CONFLICTING_TIME_RANGE: { status: 400, title: 'Conflicting time range' },
  INVALID_SYMBOL_LIST: { status: 400, title: 'Invalid symbol list' },
  INVALID_ALERT: { status: 400, title: 'Invalid alert' },
  INVALID_PUSH_SUBSCRIPTION: { status: 400, title: 'Invalid push subscription' },
  INVALID_CHANNEL: { status: 400, title: 'Invalid channel' },
  CHANNEL_NOT_OFFERED: { status: 400, title: 'Channel kind not offered' },
  NOT_FOUND: { status: 404, title: 'Not found' },
  ALERT_NOT_FOUND: { status: 404, title: 'Alert not found' },
  SUBSCRIPTION_NOT_FOUND: { status: 404, title: 'Push subscription not found' },
  OWNER_NOT_FOUND: { status: 404, title: 'Owner not found' },
  CHANNEL_NOT_FOUND: { status: 404, title: 'Channel not found' },
  ALERT_LIMIT_REACHED: { status: 409, title: 'Too many active alerts' },
  CHANNEL_LIMIT_REACHED: { status: 409, title: 'Too many channels' },
  SUBSCRIPTION_CONFLICT: { status: 409, title: 'Push endpoint registered with other keys' },
  REQUEST_TIMEOUT: { status: 408, title: 'Request timeout' },
  PAYLOAD_TOO_LARGE: { status: 413, title: 'Payload too large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, title: 'Unsupported media type' },
  RATE_LIMITED: { status: 429, title: 'Too many requests' },
  INTERNAL_ERROR: { status: 500, title: 'Internal error' },
  UPSTREAM_BAD_RESPONSE: { status: 502, title: 'Market data source failed' },
  UPSTREAM_UNAVAILABLE: { status: 503, title: 'Market data source unavailable' },
  DATABASE_UNAVAILABLE: { status: 503, title: 'Database unavailable' },
  SUBSCRIPTION_LIMIT_REACHED: { status: 503, title: 'Too many push subscriptions' },
  OWNER_LIMIT_REACHED: { status: 503, title: 'Too many owners' },
} as const satisfies Record<string, ProblemType>;

/** A stable error code of the catalogue. */
export type ProblemCode = keyof typeof problemCatalogue;

/** The RFC 9457 body the api sends for every error. */
export interface ProblemDetails {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  /** A sentence for people; the UI shows it in its toast. */
  readonly detail: string;
  /** The stable code from the catalogue. */
  readonly code: ProblemCode;
}

/** Builds the RFC 9457 body for a code. */
export function problemDetails(code: ProblemCode, detail: string): ProblemDetails {
  const { status, title } = problemCatalogue[code];
  return {
    type: `urn:pairwatch:problem:${code.toLowerCase().replaceAll('_', '-')}`,
    title,
    status,
    detail,
    code,
  };
}
