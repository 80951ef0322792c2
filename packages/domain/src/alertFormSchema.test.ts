import { describe, expect, it } from '@jest/globals';
import { alertFormSchema, parseNumberInput, positionFormSchema } from './index';

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
