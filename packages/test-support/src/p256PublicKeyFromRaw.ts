// The same check as the api's packages/api/src/push/p256PublicKeyFromRaw.ts, kept as a copy on
// purpose: a stand-in that borrowed the code it is meant to check would agree with its bugs, and
// test-support depends on no workspace package (the api's tests depend on it).
import crypto from 'node:crypto';

/** Length of an uncompressed P-256 point: 0x04 ‖ x(32) ‖ y(32). */
export const P256_UNCOMPRESSED_LENGTH = 65;

/**
 * Turns an uncompressed P-256 public key (the form of `keys.p256dh` and of VAPID `k`) into a key
 * object, which also proves the point lies on the curve.
 *
 * @throws RangeError saying what is wrong with the bytes.
 */
export function p256PublicKeyFromRaw(raw: Uint8Array): crypto.KeyObject {
  if (raw.length !== P256_UNCOMPRESSED_LENGTH || raw[0] !== 0x04) {
    throw new RangeError(
      `expected an uncompressed P-256 point (65 bytes starting with 0x04), got ${raw.length} bytes` +
        (raw.length > 0 ? ` starting with 0x${(raw[0] ?? 0).toString(16).padStart(2, '0')}` : ''),
    );
  }
  const bytes = Buffer.from(raw);
  try {
    return crypto.createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: bytes.subarray(1, 33).toString('base64url'),
        y: bytes.subarray(33, 65).toString('base64url'),
      },
      format: 'jwk',
    });
  } catch (error: unknown) {
    throw new RangeError('the bytes are not a point on the P-256 curve', { cause: error });
  }
}
