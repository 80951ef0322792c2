import { describe, expect, it } from '@jest/globals';
import { FALLBACK_PUSH_TITLE, parsePushPayload } from './parsePushPayload';

describe('parsePushPayload', () => {
  it('reads the api payload', () => {
    const payload = {
      title: 'BTCUSDT price alert',
      body: 'BTCUSDT price rose to 65,000.00',
      icon: '/icons/btc.png',
      url: '/alerts?symbol=BTCUSDT&interval=OneMinute',
      tag: 'alert-123',
    };
    expect(parsePushPayload(JSON.stringify(payload))).toEqual(payload);
  });

  it('fills in a title and the alerts URL when they are missing', () => {
    expect(parsePushPayload(JSON.stringify({ body: 'hello' }))).toEqual({
      title: FALLBACK_PUSH_TITLE,
      body: 'hello',
      icon: undefined,
      url: '/alerts',
      tag: undefined,
    });
  });

  it('shows a payload that is not JSON as the body of a generic notification', () => {
    expect(parsePushPayload('ETH crossed 3000')).toEqual({
      title: FALLBACK_PUSH_TITLE,
      body: 'ETH crossed 3000',
      url: '/alerts',
    });
  });

  it('gives a generic notification for a push without data', () => {
    expect(parsePushPayload(null)).toEqual({
      title: FALLBACK_PUSH_TITLE,
      body: '',
      url: '/alerts',
    });
  });

  it('ignores fields of the wrong type', () => {
    const parsed = parsePushPayload(JSON.stringify({ title: 42, body: ['x'], url: {}, icon: 7 }));
    expect(parsed).toMatchObject({
      title: FALLBACK_PUSH_TITLE,
      body: '',
      url: '/alerts',
      icon: undefined,
    });
  });
});
