import crypto from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import webpush from 'web-push';
import { verifyVapidAuthorization } from './verifyVapidAuthorization';

const AUDIENCE = 'https://127.0.0.1:4443';
const keys = webpush.generateVAPIDKeys();

function header(options: { audience?: string; expiration?: number; key?: string } = {}): string {
  const { Authorization } = webpush.getVapidHeaders(
    options.audience ?? AUDIENCE,
    'mailto:ops@example.org',
    keys.publicKey,
    keys.privateKey,
    'aes128gcm',
    options.expiration,
  );
  return options.key ? Authorization.replace(/k=[^,]+$/, `k=${options.key}`) : Authorization;
}

const now = () => Math.floor(Date.now() / 1000);

describe('verifyVapidAuthorization', () => {
  it('accepts what the web-push library signs for our origin', () => {
    const result = verifyVapidAuthorization(header(), { audience: AUDIENCE, nowSeconds: now() });

    expect(result).toMatchObject({
      ok: true,
      publicKey: keys.publicKey,
      audience: AUDIENCE,
      subject: 'mailto:ops@example.org',
    });
  });

  it('answers 401 when the header is missing', () => {
    expect(
      verifyVapidAuthorization(undefined, { audience: AUDIENCE, nowSeconds: now() }),
    ).toMatchObject({ ok: false, status: 401 });
  });

  it('answers 403 for another audience', () => {
    const result = verifyVapidAuthorization(header({ audience: 'https://elsewhere.example' }), {
      audience: AUDIENCE,
      nowSeconds: now(),
    });

    expect(result).toMatchObject({
      ok: false,
      status: 403,
      reason: expect.stringContaining('aud must be'),
    });
  });

  it('answers 403 for an expired token and for one that lives longer than 24 hours', () => {
    const token = header({ expiration: now() + 60 });

    expect(
      verifyVapidAuthorization(token, { audience: AUDIENCE, nowSeconds: now() + 61 }),
    ).toMatchObject({ status: 403, reason: expect.stringContaining('expired') });
    expect(
      verifyVapidAuthorization(token, {
        audience: AUDIENCE,
        nowSeconds: now() + 60 - 24 * 3600 - 1,
      }),
    ).toMatchObject({ status: 403, reason: expect.stringContaining('24 h') });
  });

  it('answers 403 when k did not sign the token', () => {
    const other = crypto.createECDH('prime256v1');
    other.generateKeys();

    const result = verifyVapidAuthorization(
      header({ key: other.getPublicKey().toString('base64url') }),
      { audience: AUDIENCE, nowSeconds: now() },
    );

    expect(result).toMatchObject({
      ok: false,
      status: 403,
      reason: 'JWT signature does not verify with k',
    });
  });

  it('answers 403 when k is not the key the subscription was made with', () => {
    const result = verifyVapidAuthorization(header(), {
      audience: AUDIENCE,
      nowSeconds: now(),
      applicationServerKey: webpush.generateVAPIDKeys().publicKey,
    });

    expect(result).toMatchObject({ ok: false, status: 403 });
  });
});
