import { describe, expect, it } from '@jest/globals';
import { parsePositionNumbers } from './parsePositionNumbers';

describe('parsePositionNumbers', () => {
  it('turns the typed amount, entry price and take profit into numbers', () => {
    expect(parsePositionNumbers({ amount: ' 0.5 ', price: '60000', tp: '66000.25' })).toEqual({
      amount: 0.5,
      price: 60000,
      tp: 66000.25,
    });
  });
});
