/**
 * The `Content-Type` of a rendered webhook body: `application/json` when the body parses as JSON
 * (what receivers written for TradingView check), else `text/plain; charset=utf-8`. Decided from
 * the body itself, so the outbox needs to store nothing else.
 */
export function webhookContentType(body: string): string {
  try {
    JSON.parse(body);
    return 'application/json';
  } catch {
    return 'text/plain; charset=utf-8';
  }
}
