import crypto from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { decryptAes128gcm } from '@pairwatch/test-support';
import webpush from 'web-push';
import { PreparedPushKey } from './PreparedPushKey';

/** A browser's side of a subscription: its key pair and auth secret, and what it gives the api. */
function browser() {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = crypto.randomBytes(16);
  return {
    receiver: { ecdh, authSecret },
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: authSecret.toString('base64url'),
  };
}

describe('PreparedPushKey', () => {
  it('seals a message the browser decrypts (RFC 8291 aes128gcm, one record of rs 4096)', () => {
    const { receiver, p256dh, auth } = browser();
    const payload = '{"title":"BTCUSDT ≥ 65,000","body":"Crossed at 65,012.5"}';

    const body = PreparedPushKey.create(p256dh, auth).seal(payload);

    expect(decryptAes128gcm(body, receiver).toString('utf8')).toBe(payload);
    // salt 16 ‖ rs 4 ‖ idlen 1 ‖ keyid 65 ‖ ciphertext (payload + delimiter) ‖ tag 16
    expect(body.length).toBe(86 + Buffer.byteLength(payload) + 1 + 16);
    expect(body.readUInt32BE(16)).toBe(4096);
    expect(body[20]).toBe(65);
  });

  it('is the same wire format as web-push: a body either makes decrypts alike', () => {
    const { receiver, p256dh, auth } = browser();
    const ours = PreparedPushKey.create(p256dh, auth).seal('same');
    const theirs = webpush.encrypt(p256dh, auth, 'same', 'aes128gcm').cipherText;

    expect(ours.length).toBe(theirs.length);
    expect(ours.subarray(16, 21)).toEqual(theirs.subarray(16, 21));
    expect(decryptAes128gcm(ours, receiver)).toEqual(decryptAes128gcm(theirs, receiver));
  });

  it('gives every key its own ephemeral public key and salt', () => {
    const { p256dh, auth } = browser();
    const [a, b] = [PreparedPushKey.create(p256dh, auth), PreparedPushKey.create(p256dh, auth)];
    const [bodyA, bodyB] = [a.seal('x'), b.seal('x')];

    expect(bodyA.subarray(0, 16)).not.toEqual(bodyB.subarray(0, 16));
    expect(bodyA.subarray(21, 86)).not.toEqual(bodyB.subarray(21, 86));
    expect(bodyA.subarray(86)).not.toEqual(bodyB.subarray(86));
  });

  it('seals one message only: a second seal throws and gives no body', () => {
    const { p256dh, auth } = browser();
    const key = PreparedPushKey.create(p256dh, auth);
    key.seal('first');

    expect(() => key.seal('second')).toThrow('a prepared push key seals one message only');
  });

  it('refuses a payload longer than a push service must take, and can still seal a shorter one', () => {
    const { receiver, p256dh, auth } = browser();
    const key = PreparedPushKey.create(p256dh, auth);

    expect(PreparedPushKey.MAX_PAYLOAD_BYTES).toBe(3993);
    expect(() => key.seal('a'.repeat(3994))).toThrow(/at most 3993 bytes, got 3994/);
    const body = key.seal('a'.repeat(3993));
    // The whole body is 4096 bytes, the most a push service must take.
    expect(body.length).toBe(4096);
    expect(decryptAes128gcm(body, receiver).toString('utf8')).toHaveLength(3993);
  });

  it('refuses a p256dh that is not a P-256 public key', () => {
    expect(() =>
      PreparedPushKey.create(Buffer.alloc(65, 7).toString('base64url'), browser().auth),
    ).toThrow();
  });
});
