import crypto from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { verifyPairwatchSignature } from './verifyPairwatchSignature';

const SECRET = 'whsec_test';
const NOW = 1_700_000_000_000;
const BODY = '{"ticker":"BTCUSDT"}';

/** A header as Pairwatch signs it (written out here: test-support does not import the api). */
function header(secret: string, body: string, t: number): string {
  const v1 = crypto.createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

describe('verifyPairwatchSignature', () => {
  it('accepts the body signed with the secret, within the tolerance', () => {
    expect(
      verifyPairwatchSignature(SECRET, header(SECRET, BODY, NOW / 1000), BODY, { now: NOW }),
    ).toBe(true);
    const early = header(SECRET, BODY, NOW / 1000 - 299);
    expect(verifyPairwatchSignature(SECRET, early, BODY, { now: NOW })).toBe(true);
  });

  it('refuses another body, another secret, an old or future time and a malformed header', () => {
    const t = NOW / 1000;
    expect(
      verifyPairwatchSignature(SECRET, header(SECRET, BODY, t), `${BODY} `, { now: NOW }),
    ).toBe(false);
    expect(
      verifyPairwatchSignature(SECRET, header('whsec_other', BODY, t), BODY, { now: NOW }),
    ).toBe(false);
    expect(
      verifyPairwatchSignature(SECRET, header(SECRET, BODY, t - 301), BODY, { now: NOW }),
    ).toBe(false);
    expect(
      verifyPairwatchSignature(SECRET, header(SECRET, BODY, t + 301), BODY, { now: NOW }),
    ).toBe(false);
    expect(
      verifyPairwatchSignature(SECRET, header(SECRET, BODY, t - 600), BODY, {
        now: NOW,
        toleranceSeconds: 900,
      }),
    ).toBe(true);
    for (const bad of ['', 't=1', 'v1=abc', `t=${t},v1=${'0'.repeat(63)}`, 'garbage'])
      expect(verifyPairwatchSignature(SECRET, bad, BODY, { now: NOW })).toBe(false);
  });
});
