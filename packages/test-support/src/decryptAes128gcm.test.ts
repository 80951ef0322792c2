import crypto from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import webpush from 'web-push';
import { decryptAes128gcm } from './decryptAes128gcm';

// RFC 8291 §5 example (the body is 144 bytes; the RFC's Content-Length of 145 is a typo).
const RFC = {
  plaintext: 'When I grow up, I want to be a watermelon',
  uaPrivate: 'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94',
  auth: 'BTBZMqHH6r4Tts7J_aSIgg',
  body:
    'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8w' +
    'EqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
};

function receiver(privateKey?: string) {
  const ecdh = crypto.createECDH('prime256v1');
  if (privateKey) ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
  else ecdh.generateKeys();
  return {
    ecdh,
    authSecret: privateKey ? Buffer.from(RFC.auth, 'base64url') : crypto.randomBytes(16),
  };
}

describe('decryptAes128gcm', () => {
  it('decrypts the RFC 8291 example to its plaintext', () => {
    const body = Buffer.from(RFC.body, 'base64url');

    expect(body).toHaveLength(144);
    expect(decryptAes128gcm(body, receiver(RFC.uaPrivate)).toString('utf8')).toBe(RFC.plaintext);
  });

  it('decrypts what the web-push library encrypts for a subscription', () => {
    const keys = receiver();
    const encrypted = webpush.encrypt(
      keys.ecdh.getPublicKey().toString('base64url'),
      keys.authSecret.toString('base64url'),
      '{"title":"hi"}',
      'aes128gcm',
    );

    expect(decryptAes128gcm(encrypted.cipherText, keys).toString('utf8')).toBe('{"title":"hi"}');
  });

  it('rejects a body encrypted for another receiver', () => {
    const body = Buffer.from(RFC.body, 'base64url');

    expect(() =>
      decryptAes128gcm(body, { ...receiver(), authSecret: Buffer.from(RFC.auth, 'base64url') }),
    ).toThrow(/authentication failed/);
  });

  it('rejects a body cut short inside its header', () => {
    expect(() => decryptAes128gcm(Buffer.alloc(10), receiver())).toThrow(
      /too short for a header: 10 bytes/,
    );
  });
});
