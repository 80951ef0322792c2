/** What the api sends in a push message (architecture §6): shown as one notification. */
export interface PushPayload {
  readonly title: string;
  readonly body: string;
  /** The symbol logo, e.g. `/icons/btc.png`. */
  readonly icon?: string;
  /** Where a click on the notification leads, e.g. `/alerts?symbol=BTCUSDT&interval=OneHour`. */
  readonly url: string;
  /** Replaces an earlier notification with the same tag instead of stacking. */
  readonly tag?: string;
}

/** The title used when a push carries no usable payload (a push must always show something). */
export const FALLBACK_PUSH_TITLE = 'Pairwatch alert';

function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * Reads a push message's data. Browsers require every push to show a notification, so a payload
 * that is not the expected JSON still gives one (its text as the body) instead of an error.
 *
 * @param text - the push data as text, or `null` when the push had none.
 * @returns what to show; `url` defaults to `/alerts`.
 */
export function parsePushPayload(text: string | null): PushPayload {
  let json: unknown;
  try {
    json = text == null ? null : JSON.parse(text);
  } catch {
    return { title: FALLBACK_PUSH_TITLE, body: text ?? '', url: '/alerts' };
  }
  if (typeof json !== 'object' || json === null) {
    return { title: FALLBACK_PUSH_TITLE, body: text ?? '', url: '/alerts' };
  }
  const record = json as Record<string, unknown>;
  return {
    title: optionalString(record['title']) ?? FALLBACK_PUSH_TITLE,
    body: typeof record['body'] === 'string' ? record['body'] : '',
    icon: optionalString(record['icon']),
    url: optionalString(record['url']) ?? '/alerts',
    tag: optionalString(record['tag']),
  };
}
