import { describe, expect, it } from '@jest/globals';
import { pushReplyReason, parseRetryAfter } from './pushReply';

describe('pushReplyReason', () => {
  it('keeps the status and the words of a short reply', () => {
    expect(pushReplyReason(403, '{"reason":"invalid JWT"}')).toBe(
      'push service answered 403: reason : invalid JWT',
    );
  });

  it('says only the status when the reply has no text', () => {
    expect(pushReplyReason(500, '')).toBe('push service answered 500');
    expect(pushReplyReason(502, '<<<>>>')).toBe('push service answered 502');
  });

  it('drops URLs and long tokens, which may be a subscription endpoint', () => {
    const endpoint = 'https://fcm.googleapis.com/fcm/send/cXk1:APA91bHuNhE3Vq9nQ2w0xJtY7mZk';
    const reason = pushReplyReason(
      400,
      `bad subscription ${endpoint} token APA91bHuNhE3Vq9nQ2w0xJtY7mZkLpR2sT end`,
    );

    expect(reason).toBe('push service answered 400: bad subscription token end');
  });

  it('strips control characters and markup, and cuts a long reply to 100 characters', () => {
    const reason = pushReplyReason(500, `<html>\u001b[31m${'word '.repeat(200)}</html>`);

    expect(reason).toMatch(/^push service answered 500: html 31mword word/);
    expect([...reason].filter((c) => c === '<' || c === '>' || c.charCodeAt(0) < 32)).toEqual([]);
    expect(reason.length).toBeLessThanOrEqual('push service answered 500: '.length + 101);
  });
});

describe('parseRetryAfter', () => {
  it('reads delay-seconds', () => {
    expect(parseRetryAfter('3', 0)).toBe(3000);
    expect(parseRetryAfter(['0'], 0)).toBe(0);
  });

  it('reads an HTTP-date relative to now, and never goes below zero', () => {
    const now = Date.parse('Wed, 21 Oct 2015 07:28:00 GMT');

    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:27:00 GMT', now)).toBe(0);
  });

  it('ignores an absent or unreadable value', () => {
    expect(parseRetryAfter(undefined, 0)).toBeUndefined();
    expect(parseRetryAfter('soon', 0)).toBeUndefined();
  });
});
