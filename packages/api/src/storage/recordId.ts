// The ids of stored records (push subscriptions, alerts, push messages): made at random, and
// checked for shape before any lookup. A subscription id is the product's only credential.
import crypto from 'node:crypto';

/**
 * A random, unguessable id: 128 bits from the CSPRNG as 22 base64url characters (URL-safe, and a
 * valid RFC 8030 Topic as it is).
 */
export function randomId(): string {
  return crypto.randomBytes(16).toString('base64url');
}

/** Longest id looked up (ours, subscription and alert ids alike, are 22 characters). */
const MAX_ID_LENGTH = 64;
const ID = /^[A-Za-z0-9_-]+$/;

/**
 * The value when it could be one of our ids (base64url, at most 64 characters), else undefined:
 * anything else is answered without a database lookup.
 */
export function wellFormedId(value: unknown): string | undefined {
  return typeof value === 'string' && value.length <= MAX_ID_LENGTH && ID.test(value)
    ? value
    : undefined;
}
