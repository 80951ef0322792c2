import { describe, expect, it } from '@jest/globals';
import { wellFormedId } from './recordId';

describe('wellFormedId', () => {
  it('accepts a base64url id of up to 64 characters', () => {
    expect(wellFormedId('Ab_9-xYz0123456789abcd')).toBe('Ab_9-xYz0123456789abcd');
    expect(wellFormedId('a'.repeat(64))).toBe('a'.repeat(64));
  });

  it.each([['a'.repeat(65)], [''], ['bad id'], ['../x'], ['id%00'], [42], [undefined]])(
    'refuses %j',
    (value) => {
      expect(wellFormedId(value)).toBeUndefined();
    },
  );
});
