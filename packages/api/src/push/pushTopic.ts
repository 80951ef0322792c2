import crypto from 'node:crypto';

/** RFC 8030 §5.4: a Topic is at most 32 characters of the URL-safe base64 alphabet. */
const VALID_TOPIC = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * The RFC 8030 `Topic` of an alert's message: the id itself when it is a valid topic (our 22
 * character ids are), else a 32-character base64url digest of it, so any id gives a valid topic.
 */
export function pushTopic(alertId: string): string {
  if (VALID_TOPIC.test(alertId)) return alertId;
  return crypto.createHash('sha256').update(alertId).digest('base64url').slice(0, 32);
}
