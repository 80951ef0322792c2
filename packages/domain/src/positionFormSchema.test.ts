import { describe, expect, it } from '@jest/globals';
import { positionFieldsSchema, positionFormSchema } from './positionFormSchema';
import { VALIDATION_MESSAGES } from './validationMessages';

const valid = { symbol: 'BTCUSDT', amount: '1', price: '100' } as const;

/** The messages the form would show, by field. */
async function errors(values: object): Promise<Record<string, string>> {
  try {
    await positionFormSchema.validate(values, { abortEarly: false });
    return {};
  } catch (error: unknown) {
    const inner = (error as { inner: { path: string; message: string }[] }).inner;
    return Object.fromEntries(inner.map((e) => [e.path, e.message]));
  }
}

describe('positionFormSchema: the take-profit lies on the profit side of the entry', () => {
  it.each([
    ['Buy', '110', {}],
    ['Buy', '100', { tp: VALIDATION_MESSAGES.takeProfitAboveEntry }],
    ['Buy', '90', { tp: 'Take profit must be above the entry price for a Buy' }],
    ['Sell', '90', {}],
    ['Sell', '100', { tp: VALIDATION_MESSAGES.takeProfitBelowEntry }],
    ['Sell', '110', { tp: 'Take profit must be below the entry price for a Sell' }],
  ])('%s at 100 with TP %s', async (side, tp, expected) => {
    expect(await errors({ ...valid, side, tp })).toEqual(expected);
  });

  it('leaves blank or invalid numbers to their own messages', async () => {
    expect(await errors({ ...valid, side: 'Buy', tp: '' })).toEqual({
      tp: 'Take profit is required',
    });
    expect(await errors({ ...valid, side: 'Buy', price: 'x', tp: '90' })).toEqual({
      price: 'Price must be a positive number',
    });
  });

  it('does not apply to stored positions checked field by field (old data stays loadable)', async () => {
    await expect(
      positionFieldsSchema.validate({ ...valid, side: 'Buy', tp: 90 }),
    ).resolves.toBeDefined();
  });
});
