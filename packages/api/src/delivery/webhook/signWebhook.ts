// Signing webhook bodies, so a receiver can tell a Pairwatch delivery from a forged request.
import crypto from 'node:crypto';

/** The header that carries the signature. */
export const PAIRWATCH_SIGNATURE_HEADER = 'Pairwatch-Signature';

/**
 * The `Pairwatch-Signature` value of one request: `t=<unix seconds>,v1=<hex HMAC-SHA256>` over
 * `"<t>.<body>"`, keyed with the whole secret string (UTF-8, `whsec_` included). The time is
 * signed too, so a receiver can refuse a captured request replayed later; it is the time of the
 * attempt, so every retry is signed afresh.
 *
 * @param nowMs - the attempt's time in ms.
 * @example `signWebhook('whsec_…', '{"ticker":"BTCUSDT"}', 1_700_000_000_000)` → `'t=1700000000,v1=5f1c…'`
 */
export function signWebhook(secret: string, body: string, nowMs: number): string {
  const t = Math.floor(nowMs / 1000);
  const v1 = crypto.createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

/** A new webhook secret: `whsec_` and 32 random bytes in base64url (43 characters). */
export function createWebhookSecret(): string {
  return `whsec_${crypto.randomBytes(32).toString('base64url')}`;
}
