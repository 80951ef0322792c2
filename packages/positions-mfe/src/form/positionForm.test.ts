import { describe, expect, it, jest } from '@jest/globals';
import { parsePositionNumbers, submitThenClose } from './positionForm';

describe('submitThenClose', () => {
  it('closes the dialog once the store step has resolved', async () => {
    const order: string[] = [];
    await submitThenClose(
      async () => {
        order.push('submit');
      },
      () => order.push('close'),
    );
    expect(order).toEqual(['submit', 'close']);
  });

  it('keeps the dialog open and settles quietly when the store step rejects', async () => {
    const close = jest.fn();
    await expect(
      submitThenClose(async () => Promise.reject(new Error('disk full')), close),
    ).resolves.toBeUndefined();
    expect(close).not.toHaveBeenCalled();
  });

  it('keeps the dialog open when the store step throws before it returns a promise', async () => {
    const close = jest.fn();
    await submitThenClose(() => {
      throw new Error('not a number');
    }, close);
    expect(close).not.toHaveBeenCalled();
  });
});

describe('parsePositionNumbers', () => {
  it('turns the typed amount, entry price and take profit into numbers', () => {
    expect(parsePositionNumbers({ amount: ' 0.5 ', price: '60000', tp: '66000.25' })).toEqual({
      amount: 0.5,
      price: 60000,
      tp: 66000.25,
    });
  });
});
