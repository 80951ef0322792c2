import crypto from 'node:crypto';

/**
 * Checks a Pairwatch webhook's `Pairwatch-Signature` header (`t=<unix seconds>,v1=<hex>`) against
 * the raw body, as a receiver should: the HMAC-SHA256 of `"<t>.<body>"` with the channel's secret,
 * compared in constant time, and a time no further than `toleranceSeconds` from now (replays).
 */
export function verifyPairwatchSignature(
  secret: string,
  header: string,
  body: string,
  { toleranceSeconds = 300, now = Date.now() }: { toleranceSeconds?: number; now?: number } = {},
): boolean {
  const t = /(?:^|,)t=(\d+)(?:,|$)/.exec(header)?.[1];
  const v1 = /(?:^|,)v1=([0-9a-f]{64})(?:,|$)/.exec(header)?.[1];
  if (t === undefined || v1 === undefined) return false;
  if (Math.abs(now / 1000 - Number(t)) > toleranceSeconds) return false;
  const expected = crypto.createHmac('sha256', secret).update(`${t}.${body}`).digest();
  return crypto.timingSafeEqual(expected, Buffer.from(v1, 'hex'));
}
