import crypto from 'node:crypto';

/**
 * A random, unguessable id: 128 bits from the CSPRNG as 22 base64url characters (URL-safe, and a
 * valid RFC 8030 Topic as it is).
 */
export function randomId(): string {
  return crypto.randomBytes(16).toString('base64url');
}
