// A webhook's body: the owner's template with TradingView's placeholder names, so a receiver
// written for TradingView alerts (a trading bot, a chat relay) works unchanged.
import { type Interval, type WebhookPlaceholder, WEBHOOK_PLACEHOLDERS } from '@pairwatch/domain';
import { type AlertFiringEvent } from '../DeliveryChannel';

/** Placeholders the default template leaves bare, so they arrive as JSON numbers and a boolean. */
const BARE_IN_DEFAULT: ReadonlySet<WebhookPlaceholder> = new Set([
  'open',
  'high',
  'low',
  'close',
  'volume',
  'value',
  'target',
  'simulated',
]);

/**
 * The body sent when a channel has no template: one JSON object of every placeholder, e.g.
 * `{"ticker":"BTCUSDT",…,"close":65000.5,…,"simulated":false}`.
 */
export const DEFAULT_WEBHOOK_TEMPLATE = `{${WEBHOOK_PLACEHOLDERS.map((name) =>
  BARE_IN_DEFAULT.has(name) ? `"${name}":{{${name}}}` : `"${name}":"{{${name}}}"`,
).join(',')}}`;

/** TradingView's `{{interval}}`: minutes as a number, then 1D, 1W, 1M. */
const TRADINGVIEW_INTERVAL: Readonly<Record<Interval, string>> = {
  OneMinute: '1',
  FiveMinutes: '5',
  FifteenMinutes: '15',
  OneHour: '60',
  FourHour: '240',
  OneDay: '1D',
  OneWeek: '1W',
  OneMonth: '1M',
};

/** `{{ name }}`, spaces inside the braces tolerated. */
const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;
const KNOWN: ReadonlySet<string> = new Set(WEBHOOK_PLACEHOLDERS);
/** A JSON number literal (what `String(n)` gives for a finite n). */
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/**
 * The body of a firing's webhook: `template` (the default JSON when undefined) with each known
 * placeholder replaced by the firing's value. Values are inserted once, never read again, so a
 * message holding `{{ticker}}` arrives as written.
 *
 * - Unknown placeholders stay as written (`{{plot_0}}` arrives as `{{plot_0}}`), as TradingView
 *   leaves them.
 * - `{{open}}`…`{{volume}}` and `{{time}}` are of the watched stream's bar at the firing; without
 *   one they are empty, except `{{close}}` of a price alert, which is then the firing price.
 * - `{{time}}`, `{{timenow}}`: ISO 8601 UTC to the second, `2019-08-27T09:56:00Z`.
 * - In a JSON template (an object or array once every known placeholder is read as `0`), a placeholder
 *   inside a string literal is JSON-escaped, so `{"msg":"{{message}}"}` stays JSON whatever the
 *   message holds; a bare one is written as a JSON value: a number or true/false as is, an empty
 *   value as `null`, any other text quoted. So a JSON template always renders to JSON.
 * - In any other template, values go in raw.
 */
export function renderWebhookTemplate(
  template: string | undefined,
  event: AlertFiringEvent,
): string {
  const source = template ?? DEFAULT_WEBHOOK_TEMPLATE;
  const values = placeholderValues(event);
  const inString = isJsonTemplate(source) ? placeholdersInStrings(source) : undefined;
  let index = 0;
  return source.replace(PLACEHOLDER, (written, name: string) => {
    if (!KNOWN.has(name)) return written;
    const value = values[name as WebhookPlaceholder];
    const position = index;
    index += 1;
    if (inString === undefined) return value;
    return inString[position] ? JSON.stringify(value).slice(1, -1) : jsonValue(value);
  });
}

/** What each placeholder stands for in this firing. */
function placeholderValues(event: AlertFiringEvent): Record<WebhookPlaceholder, string> {
  const { alert, bar } = event;
  return {
    ticker: alert.symbol,
    exchange: 'BINANCE',
    interval: TRADINGVIEW_INTERVAL[alert.interval],
    open: numberText(bar?.open),
    high: numberText(bar?.high),
    low: numberText(bar?.low),
    close: numberText(bar ? bar.close : alert.type === 'Price' ? event.value : undefined),
    volume: numberText(bar?.volume),
    time: bar ? isoSeconds(bar.time) : '',
    timenow: isoSeconds(event.firedAt),
    value: numberText(event.value),
    target: numberText(alert.valueTarget),
    condition: alert.condition,
    message: alert.message ?? '',
    alert_id: alert.id,
    simulated: event.simulated ? 'true' : 'false',
  };
}

/** A number as JavaScript writes it (shortest round-trip form); empty when there is none. */
function numberText(value: number | undefined): string {
  return value !== undefined && Number.isFinite(value) ? String(value) : '';
}

/** `2019-08-27T09:56:00Z`, as TradingView writes `{{time}}`. */
function isoSeconds(millis: number): string {
  return new Date(millis).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** A bare placeholder's value in a JSON template: always a JSON value. */
function jsonValue(value: string): string {
  if (value === '') return 'null';
  if (value === 'true' || value === 'false' || JSON_NUMBER.test(value)) return value;
  return JSON.stringify(value);
}

/**
 * Whether the template is a JSON object or array once each known placeholder is read as a neutral
 * `0`. A lone `{{message}}` parses too, but is meant as text: it stays raw.
 */
function isJsonTemplate(template: string): boolean {
  try {
    const parsed: unknown = JSON.parse(
      template.replace(PLACEHOLDER, (written, name: string) => (KNOWN.has(name) ? '0' : written)),
    );
    return typeof parsed === 'object' && parsed !== null;
  } catch {
    return false;
  }
}

/**
 * For each known placeholder, in order, whether it stands inside a JSON string literal: a scan
 * that follows quotes and backslash escapes and steps over placeholders whole.
 */
function placeholdersInStrings(template: string): boolean[] {
  const result: boolean[] = [];
  const placeholder = new RegExp(PLACEHOLDER.source, 'y');
  let inString = false;
  let i = 0;
  while (i < template.length) {
    placeholder.lastIndex = i;
    const match = placeholder.exec(template);
    if (match) {
      if (KNOWN.has(match[1] ?? '')) result.push(inString);
      i += match[0].length;
      continue;
    }
    const char = template[i];
    if (inString && char === '\\') i += 2;
    else {
      if (char === '"') inString = !inString;
      i += 1;
    }
  }
  return result;
}
