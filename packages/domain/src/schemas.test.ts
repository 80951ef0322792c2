import { describe, expect, it } from '@jest/globals';
import {
  VALIDATION_MESSAGES,
  alertFormSchema,
  parseNumberInput,
  positionFieldsSchema,
  positionFormSchema,
} from './schemas';

async function errorOf(schema: typeof alertFormSchema | typeof positionFormSchema, value: object) {
  try {
    await schema.validate(value);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('alertFormSchema', () => {
  it.each([
    [{ type: 'Price', valueTarget: '' }, "Value can't be empty"],
    [{ type: 'Price', valueTarget: '   ' }, "Value can't be empty"],
    [{ type: 'Price', valueTarget: undefined }, "Value can't be empty"],
    [{ type: 'Price', valueTarget: 'abc' }, 'Value must be a positive number'],
    [{ type: 'Price', valueTarget: '12abc' }, 'Value must be a positive number'],
    [{ type: 'Price', valueTarget: '0' }, 'Value must be a positive number'],
    [{ type: 'Price', valueTarget: -5 }, 'Value must be a positive number'],
    [{ type: 'Rsi', valueTarget: '-1' }, 'Value must be a positive number'],
    [{ type: 'Rsi', valueTarget: '100.01' }, 'RSI value must be between 0 and 100'],
    [{ type: 'Rsi', valueTarget: 150 }, 'RSI value must be between 0 and 100'],
  ])('rejects %j with "%s"', async (value, message) => {
    expect(await errorOf(alertFormSchema, value)).toBe(message);
  });

  it.each([
    { type: 'Price', valueTarget: '65000' },
    { type: 'Price', valueTarget: 150 },
    { type: 'Rsi', valueTarget: '100' },
    { type: 'Rsi', valueTarget: 30 },
  ])('accepts %j', async (value) => {
    expect(await errorOf(alertFormSchema, value)).toBeUndefined();
  });

  it('rejects a type other than Price or Rsi', async () => {
    expect(await errorOf(alertFormSchema, { type: 'Volume', valueTarget: '1' })).toMatch(/type/);
  });
});

describe('positionFormSchema', () => {
  const valid = { symbol: 'BTCUSDT', side: 'Buy', amount: '0.5', price: '60000', tp: '70000' };

  it('accepts a complete position', async () => {
    expect(await errorOf(positionFormSchema, valid)).toBeUndefined();
  });

  it.each([
    ['amount', '', 'Amount is required'],
    ['amount', 'x', 'Amount must be a positive number'],
    ['amount', '0', 'Amount must be a positive number'],
    ['price', '', 'Price is required'],
    ['price', '-1', 'Price must be a positive number'],
    ['tp', '', 'Take profit is required'],
    ['tp', 'NaN', 'Take profit must be a positive number'],
  ])('reports %s = %j as "%s"', async (field, value, message) => {
    expect(await errorOf(positionFormSchema, { ...valid, [field]: value })).toBe(message);
  });

  it('rejects a side other than Buy or Sell and an unknown symbol', async () => {
    expect(await errorOf(positionFormSchema, { ...valid, side: 'Hold' })).toMatch(/side/);
    expect(await errorOf(positionFormSchema, { ...valid, symbol: 'XRPUSDT' })).toMatch(/symbol/);
  });
});

describe('parseNumberInput', () => {
  it('parses plain numbers and rejects the rest', () => {
    expect(parseNumberInput(' 42.5 ')).toBe(42.5);
    expect(parseNumberInput(7)).toBe(7);
    expect(parseNumberInput('')).toBeNaN();
    expect(parseNumberInput('Infinity')).toBeNaN();
    expect(parseNumberInput(null)).toBeNaN();
  });
});

const entryAt100 = { symbol: 'BTCUSDT', amount: '1', price: '100' } as const;

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
    expect(await errors({ ...entryAt100, side, tp })).toEqual(expected);
  });

  it('leaves blank or invalid numbers to their own messages', async () => {
    expect(await errors({ ...entryAt100, side: 'Buy', tp: '' })).toEqual({
      tp: 'Take profit is required',
    });
    expect(await errors({ ...entryAt100, side: 'Buy', price: 'x', tp: '90' })).toEqual({
      price: 'Price must be a positive number',
    });
  });

  it('does not apply to stored positions checked field by field (old data stays loadable)', async () => {
    await expect(
      positionFieldsSchema.validate({ ...entryAt100, side: 'Buy', tp: 90 }),
    ).resolves.toBeDefined();
  });
});
