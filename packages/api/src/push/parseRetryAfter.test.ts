import { describe, expect, it } from '@jest/globals';
import { parseRetryAfter } from './parseRetryAfter';

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
