import { describe, expect, it } from '@jest/globals';
import { parseTimeZone } from './parseTimeZone';

const HOUR = 3_600_000;

describe('parseTimeZone', () => {
  it.each([
    ['0', 0],
    ['8', 8 * HOUR],
    ['+8', 8 * HOUR],
    ['-1:00', -HOUR],
    ['05:45', 5.75 * HOUR],
    ['+14:00', 14 * HOUR],
    ['-12:00', -12 * HOUR],
  ])('reads %s', (text, offset) => {
    expect(parseTimeZone(text)).toBe(offset);
  });

  it.each(['15', '-12:30', '5:60', 'UTC', '1:5', ''])('refuses %s', (text) => {
    expect(parseTimeZone(text)).toBeUndefined();
  });
});
