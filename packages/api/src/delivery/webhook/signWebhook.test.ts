import crypto from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { verifyPairwatchSignature } from '@pairwatch/test-support';
import { createWebhookSecret, signWebhook } from './signWebhook';

describe('signWebhook', () => {
  it('signs "<t>.<body>" with HMAC-SHA256 of the secret, t in unix seconds', () => {
    const header = signWebhook('whsec_abc', '{"a":1}', 1_700_000_000_999);

    const expected = crypto
      .createHmac('sha256', 'whsec_abc')
      .update('1700000000.{"a":1}')
      .digest('hex');
    expect(header).toBe(`t=1700000000,v1=${expected}`);
  });

  it('is what the receivers’ verification example accepts', () => {
    const secret = createWebhookSecret();
    const now = Date.now();
    const body = '{"message":"say \\"hi\\" ✓"}';

    expect(verifyPairwatchSignature(secret, signWebhook(secret, body, now), body, { now })).toBe(
      true,
    );
    expect(
      verifyPairwatchSignature(secret, signWebhook(secret, body, now), `${body}x`, { now }),
    ).toBe(false);
  });
});

describe('createWebhookSecret', () => {
  it('is whsec_ and 32 random bytes in base64url, new each time', () => {
    const secret = createWebhookSecret();

    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(secret.slice(6), 'base64url')).toHaveLength(32);
    expect(createWebhookSecret()).not.toBe(secret);
  });
});
