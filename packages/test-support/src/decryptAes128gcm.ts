import crypto from 'node:crypto';

const SALT_LENGTH = 16;
const TAG_LENGTH = 16;
/** salt(16) ‖ rs(4) ‖ idlen(1): the fixed part of the RFC 8188 header. */
const FIXED_HEADER_LENGTH = SALT_LENGTH + 4 + 1;

/** What a user agent keeps to read its push messages. */
export interface PushReceiverKeys {
  /** The user agent's P-256 key pair (its public key is the subscription's `p256dh`). */
  readonly ecdh: crypto.ECDH;
  /** The subscription's 16-byte `auth` secret. */
  readonly authSecret: Buffer;
}

function hmac(key: Buffer, ...data: Buffer[]): Buffer {
  const mac = crypto.createHmac('sha256', key);
  for (const part of data) mac.update(part);
  return mac.digest();
}

/**
 * Decrypts a Web Push message body as a user agent does (RFC 8291 over RFC 8188 `aes128gcm`, a
 * single record), checking the header, the authentication tag and the padding delimiter.
 *
 * @returns the plaintext without padding.
 * @throws Error telling which check failed, with the lengths or bytes involved.
 */
export function decryptAes128gcm(body: Buffer, keys: PushReceiverKeys): Buffer {
  if (body.length < FIXED_HEADER_LENGTH) {
    throw new Error(`aes128gcm body too short for a header: ${body.length} bytes`);
  }
  const salt = body.subarray(0, SALT_LENGTH);
  const recordSize = body.readUInt32BE(SALT_LENGTH);
  const keyIdLength = body[SALT_LENGTH + 4] ?? 0;
  const headerLength = FIXED_HEADER_LENGTH + keyIdLength;
  if (keyIdLength !== 65) {
    throw new Error(
      `aes128gcm keyid must be the 65-byte sender public key, got idlen ${keyIdLength}`,
    );
  }
  const senderPublicKey = body.subarray(FIXED_HEADER_LENGTH, headerLength);
  const record = body.subarray(headerLength);
  if (record.length <= TAG_LENGTH) {
    throw new Error(`aes128gcm record too short: ${record.length} bytes`);
  }
  if (record.length > recordSize) {
    throw new Error(
      `aes128gcm body holds more than one record (${record.length} > rs ${recordSize})`,
    );
  }

  const receiverPublicKey = keys.ecdh.getPublicKey();
  const ecdhSecret = keys.ecdh.computeSecret(senderPublicKey);
  const prkKey = hmac(keys.authSecret, ecdhSecret);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0', 'latin1'),
    receiverPublicKey,
    senderPublicKey,
    Buffer.of(1),
  ]);
  const ikm = hmac(prkKey, keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(
    prk,
    Buffer.from('Content-Encoding: aes128gcm\0', 'latin1'),
    Buffer.of(1),
  ).subarray(0, 16);
  const nonce = hmac(
    prk,
    Buffer.from('Content-Encoding: nonce\0', 'latin1'),
    Buffer.of(1),
  ).subarray(0, 12);

  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - TAG_LENGTH));
  let padded: Buffer;
  try {
    padded = Buffer.concat([
      decipher.update(record.subarray(0, record.length - TAG_LENGTH)),
      decipher.final(),
    ]);
  } catch (error: unknown) {
    throw new Error('aes128gcm authentication failed (wrong keys or a corrupted body)', {
      cause: error,
    });
  }
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (end < 0 || padded[end] !== 0x02) {
    throw new Error(
      `aes128gcm last record must end with the 0x02 delimiter, found ${end < 0 ? 'only zeros' : `0x${(padded[end] ?? 0).toString(16)}`}`,
    );
  }
  return padded.subarray(0, end);
}
