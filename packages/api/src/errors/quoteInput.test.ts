import { describe, expect, it } from '@jest/globals';
import { quoteInput } from './quoteInput';

describe('quoteInput', () => {
  it('quotes a short value as it is', () => {
    expect(quoteInput('BTCUSDX')).toBe("'BTCUSDX'");
  });

  it('cuts a long value to 40 characters and marks the cut', () => {
    expect(quoteInput('x'.repeat(41))).toBe(`'${'x'.repeat(40)}…'`);
  });
});
