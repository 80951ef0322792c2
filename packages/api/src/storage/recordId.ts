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
