import crypto from 'node:crypto';

/** RFC 8188 record size written in the header: one record holds the whole message. */
const RECORD_SIZE = 4096;
const SALT_LENGTH = 16;
const TAG_LENGTH = 16;
/** salt(16) ‖ rs(4) ‖ idlen(1) ‖ keyid: our 65-byte uncompressed P-256 public key. */
const HEADER_LENGTH = SALT_LENGTH + 4 + 1 + 65;
const CEK_LENGTH = 16;
const NONCE_LENGTH = 12;
const MATERIAL_LENGTH = HEADER_LENGTH + CEK_LENGTH + NONCE_LENGTH;
const KEY_INFO = Buffer.from('WebPush: info\0', 'latin1');
const CEK_INFO = Buffer.from('Content-Encoding: aes128gcm\0', 'latin1');
const NONCE_INFO = Buffer.from('Content-Encoding: nonce\0', 'latin1');
const ONE = Buffer.of(1);
/** RFC 8188's padding delimiter of the last (here: only) record. */
const LAST_RECORD = Buffer.of(2);

function hmac(key: Buffer, ...data: Buffer[]): Buffer {
  const mac = crypto.createHmac('sha256', key);
  for (const part of data) mac.update(part);
  return mac.digest();
}

/**
 * The key material of one Web Push message to one subscription, made before the message exists
 * (RFC 8291 over RFC 8188 `aes128gcm`, docs/architecture.md §9 "Push encryption"): a fresh
 * ephemeral P-256 key pair, its ECDH agreement with the subscription's `p256dh`, a random salt, and
 * the content key and nonce they give with the `auth` secret. None of that depends on the message,
 * and it is nearly all of the cost of encrypting one (the ECDH agreement alone ≈ 0.2 ms here), so
 * it is done ahead, when the process is quiet; {@link seal} is then one AES-128-GCM over a few
 * hundred bytes. The ephemeral private key is dropped at once: only the content key and nonce of
 * the one message are kept.
 *
 * A key seals one message, never two: a content key and nonce used twice would give away both
 * messages' keystream. A second {@link seal} throws.
 */
export class PreparedPushKey {
  /**
   * The longest payload: a push service must take a body of 4096 bytes (RFC 8030 §7.2), less
   * the header 86, the tag 16 and the delimiter 1.
   */
  static readonly MAX_PAYLOAD_BYTES = RECORD_SIZE - HEADER_LENGTH - TAG_LENGTH - 1;

  private sealed = false;

  /**
   * @param material the body's header, then the content key (16 bytes) and the nonce (12), in one
   *   small buffer: a key waits in memory for each subscription, so each costs little.
   */
  private constructor(private readonly material: Buffer) {}

  /**
   * Prepares a key for the subscription whose keys are `p256dh` (the browser's public key,
   * base64url) and `auth` (its 16-byte secret, base64url).
   *
   * @throws Error when `p256dh` is not a P-256 public key.
   */
  static create(p256dh: string, auth: string): PreparedPushKey {
    const receiverPublicKey = Buffer.from(p256dh, 'base64url');
    const ecdh = crypto.createECDH('prime256v1');
    const senderPublicKey = ecdh.generateKeys();
    const secret = ecdh.computeSecret(receiverPublicKey);
    const salt = crypto.randomBytes(SALT_LENGTH);
    const prkKey = hmac(Buffer.from(auth, 'base64url'), secret);
    const ikm = hmac(prkKey, KEY_INFO, receiverPublicKey, senderPublicKey, ONE);
    const prk = hmac(salt, ikm);
    // From Node's shared pool of small buffers: no allocation of its own per key.
    const material = Buffer.allocUnsafe(MATERIAL_LENGTH);
    salt.copy(material, 0);
    material.writeUInt32BE(RECORD_SIZE, SALT_LENGTH);
    material[SALT_LENGTH + 4] = senderPublicKey.length;
    senderPublicKey.copy(material, SALT_LENGTH + 5);
    hmac(prk, CEK_INFO, ONE).copy(material, HEADER_LENGTH, 0, CEK_LENGTH);
    hmac(prk, NONCE_INFO, ONE).copy(material, HEADER_LENGTH + CEK_LENGTH, 0, NONCE_LENGTH);
    return new PreparedPushKey(material);
  }

  /**
   * The `aes128gcm` body of `payload` (UTF-8), as the push service receives it.
   *
   * @throws Error when this key has sealed a message already, or the payload is longer than
   *   {@link MAX_PAYLOAD_BYTES} (the key is then still unused).
   */
  seal(payload: string): Buffer {
    if (this.sealed) throw new Error('a prepared push key seals one message only');
    const plaintext = Buffer.from(payload, 'utf8');
    if (plaintext.length > PreparedPushKey.MAX_PAYLOAD_BYTES) {
      throw new Error(
        `a push payload holds at most ${PreparedPushKey.MAX_PAYLOAD_BYTES} bytes, got ${plaintext.length}`,
      );
    }
    this.sealed = true;
    const { material } = this;
    const cipher = crypto.createCipheriv(
      'aes-128-gcm',
      material.subarray(HEADER_LENGTH, HEADER_LENGTH + CEK_LENGTH),
      material.subarray(HEADER_LENGTH + CEK_LENGTH),
    );
    const body = Buffer.concat([
      material.subarray(0, HEADER_LENGTH),
      cipher.update(plaintext),
      cipher.update(LAST_RECORD),
      cipher.final(),
      cipher.getAuthTag(),
    ]);
    material.fill(0);
    return body;
  }
}
