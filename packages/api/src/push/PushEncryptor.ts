import webpush from 'web-push';

/** Encrypts Web Push payloads for their subscriptions (RFC 8291, aes128gcm). */
export interface PushEncryptor {
  /** The message body for the subscription whose keys are `p256dh` and `auth` (base64url). */
  encrypt(p256dh: string, auth: string, payload: string): Promise<Buffer>;
  /** Stops its workers, if any; later messages are encrypted on the calling thread. */
  close(): Promise<void>;
}

/** web-push's `encrypt` on the calling thread: a fresh ECDH key pair and salt per message. */
export function encryptOnThisThread(p256dh: string, auth: string, payload: string): Buffer {
  return webpush.encrypt(p256dh, auth, payload, 'aes128gcm').cipherText;
}

/** {@link PushEncryptor} on the calling thread (`PUSH_ENCRYPTION_WORKERS=0`, unit tests). */
export const inlinePushEncryptor: PushEncryptor = {
  // A throw becomes a rejection, as from a worker.
  encrypt: (p256dh, auth, payload) =>
    new Promise((resolve) => resolve(encryptOnThisThread(p256dh, auth, payload))),
  close: () => Promise.resolve(),
};
