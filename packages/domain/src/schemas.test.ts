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

/** The messages the New Alert form would show, by field (`now` in Unix ms, as the api passes it). */
async function alertErrors(values: object, now?: number): Promise<Record<string, string>> {
  try {
    await alertFormSchema.validate(values, {
      abortEarly: false,
      ...(now === undefined ? {} : { context: { now } }),
    });
    return {};
  } catch (error: unknown) {
    const inner = (error as { inner: { path: string; message: string }[] }).inner;
    return Object.fromEntries(inner.map((e) => [e.path, e.message]));
  }
}

describe('alertFormSchema: conditions', () => {
  const channel = { type: 'Price', condition: 'EnteringChannel', valueTarget: '2300' };
  const move = { type: 'Price', condition: 'MovingUpPercent', valueTarget: '5', bars: '12' };

  it.each<[string, object, Record<string, string>]>([
    ['a channel without an upper bound', channel, { valueUpper: "Upper bound can't be empty" }],
    [
      'a channel with a blank upper bound',
      { ...channel, valueUpper: '  ' },
      { valueUpper: "Upper bound can't be empty" },
    ],
    [
      'a channel with an upper bound of 0',
      { ...channel, valueUpper: '0' },
      { valueUpper: 'Upper bound must be a positive number' },
    ],
    [
      'a channel with its bounds in the wrong order',
      { ...channel, valueUpper: '2200' },
      { valueUpper: 'Upper bound must be greater than the lower bound' },
    ],
    [
      'a channel with equal bounds',
      { ...channel, valueUpper: 2300 },
      { valueUpper: 'Upper bound must be greater than the lower bound' },
    ],
    [
      'an RSI channel above 100',
      { ...channel, type: 'Rsi', valueTarget: 70, valueUpper: 101 },
      { valueUpper: 'RSI value must be between 0 and 100' },
    ],
    ['a move without bars', { ...move, bars: undefined }, { bars: "Bars can't be empty" }],
    ['a move with blank bars', { ...move, bars: '' }, { bars: "Bars can't be empty" }],
    [
      'a move of 0 bars',
      { ...move, bars: 0 },
      { bars: 'Bars must be a whole number from 1 to 500' },
    ],
    [
      'a move of 501 bars',
      { ...move, bars: '501' },
      { bars: 'Bars must be a whole number from 1 to 500' },
    ],
    [
      'a move of 2.5 bars',
      { ...move, bars: 2.5 },
      { bars: 'Bars must be a whole number from 1 to 500' },
    ],
    [
      'a move of 0 %',
      { ...move, valueTarget: '0' },
      { valueTarget: 'Value must be a positive number' },
    ],
    [
      'a move of 1001 %',
      { ...move, valueTarget: '1001' },
      { valueTarget: 'Percent must be greater than 0 and at most 1000' },
    ],
    [
      'a move on RSI',
      { ...move, type: 'Rsi' },
      { condition: 'Moving % alerts are for price only' },
    ],
  ])('rejects %s', async (_name, values, expected) => {
    expect(await alertErrors(values)).toEqual(expected);
  });

  it('rejects an unknown condition or frequency', async () => {
    expect(await alertErrors({ type: 'Price', valueTarget: 1, condition: 'Touching' })).toEqual({
      condition: expect.stringMatching(/^condition must be one of the following values/),
    });
    expect(await alertErrors({ type: 'Price', valueTarget: 1, frequency: 'Daily' })).toEqual({
      frequency: expect.stringMatching(/^frequency must be one of the following values/),
    });
  });

  it.each([
    { type: 'Price', condition: 'CrossingUp', valueTarget: '44000', frequency: 'OncePerBar' },
    { ...channel, valueUpper: '2400', frequency: 'OncePerBarClose' },
    { ...channel, type: 'Rsi', valueTarget: 30, valueUpper: 70 },
    { ...move, frequency: 'OncePerMinute' },
    { ...move, condition: 'MovingDownPercent', valueTarget: 1000, bars: 1 },
    { ...move, valueTarget: '0.5', bars: 500 },
    // A percent move is not an RSI level: more than 100 % is fine on price.
    { ...move, valueTarget: 250 },
    // Fields of other shapes are ignored.
    { type: 'Price', condition: 'GreaterThan', valueTarget: 10, valueUpper: 5, bars: 0 },
  ])('accepts %j', async (values) => {
    expect(await alertErrors(values)).toEqual({});
  });
});

describe('alertFormSchema: expiry and message', () => {
  const now = Date.parse('2024-05-01T12:00:00Z');
  const crossing = { type: 'Price', valueTarget: '65000' };

  it('accepts an expiry in the future and none at all', async () => {
    expect(await alertErrors({ ...crossing, expiresAt: '2024-05-01T12:00:01Z' }, now)).toEqual({});
    expect(await alertErrors({ ...crossing, expiresAt: '' }, now)).toEqual({});
    expect(await alertErrors(crossing, now)).toEqual({});
  });

  it('rejects an expiry now or in the past', async () => {
    expect(await alertErrors({ ...crossing, expiresAt: '2024-05-01T11:59:59Z' }, now)).toEqual({
      expiresAt: 'Expiry must be in the future',
    });
    expect(await alertErrors({ ...crossing, expiresAt: '2024-05-01T12:00:00Z' }, now)).toEqual({
      expiresAt: 'Expiry must be in the future',
    });
  });

  it('rejects an expiry that is not a date', async () => {
    expect(await alertErrors({ ...crossing, expiresAt: 'tomorrow' }, now)).toEqual({
      expiresAt: 'Expiry must be a date and time',
    });
  });

  it('accepts a message of 500 characters and rejects one of 501', async () => {
    expect(await alertErrors({ ...crossing, message: 'x'.repeat(500) })).toEqual({});
    expect(await alertErrors({ ...crossing, message: 'x'.repeat(501) })).toEqual({
      message: "Message can't be longer than 500 characters",
    });
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

  it('rejects a side other than Buy or Sell and a symbol that is no pair id', async () => {
    expect(await errorOf(positionFormSchema, { ...valid, side: 'Hold' })).toMatch(/side/);
    expect(await errorOf(positionFormSchema, { ...valid, symbol: 'xrp/usdt' })).toMatch(/symbol/);
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

  it.each([
    ['3,000', 3000],
    ['3,000.50', 3000.5],
    ['1,234,567.8', 1234567.8],
    [' 3,000 ', 3000],
    ['\t65,000.00\n', 65000],
    ['-1,000', -1000],
    ['.5', 0.5],
    ['12.', 12],
    ['1e-7', 1e-7],
    ['9007199254740991', Number.MAX_SAFE_INTEGER],
  ])('reads %j as the app writes numbers: %d', (text, expected) => {
    expect(parseNumberInput(text)).toBe(expected);
  });

  it.each([
    '3,00',
    '1,2345',
    ',300',
    '3,000,',
    '3,,000',
    '30,00.5',
    '3 000',
    '0x10',
    '.',
    '1,000e3',
    // More than a double holds: refused, never read as another number.
    '99999999999999999999999',
    '9007199254740993',
    '0.1234567890123456789',
    '1e400',
  ])('refuses %j', (text) => {
    expect(parseNumberInput(text)).toBeNaN();
  });

  it('refuses a JSON number beyond 2^53 and NaN', () => {
    expect(parseNumberInput(1e23)).toBeNaN();
    expect(parseNumberInput(Number.NaN)).toBeNaN();
    expect(parseNumberInput(Number.MAX_SAFE_INTEGER)).toBe(Number.MAX_SAFE_INTEGER);
  });
});

describe('typed numbers in the forms (issue #28)', () => {
  it.each([
    ['3,000', undefined],
    ['3,000.50', undefined],
    [' 1,234,567.8 ', undefined],
    ['3,00', 'Value must be a positive number'],
    ['1,2345', 'Value must be a positive number'],
    ['99999999999999999999999', 'Value is too large'],
    ['-99999999999999999999999', 'Value must be a positive number'],
    ['0.1234567890123456789', 'Value has too many digits'],
  ])('alert target %j → %s', async (valueTarget, message) => {
    expect(await errorOf(alertFormSchema, { type: 'Price', valueTarget })).toBe(message);
  });

  it('refuses a wire number beyond 2^53 with the same words (the api sends JSON numbers)', async () => {
    expect(await errorOf(alertFormSchema, { type: 'Price', valueTarget: 1e23 })).toBe(
      VALIDATION_MESSAGES.valueTooLarge,
    );
  });

  it('reads the upper bound of a channel the same way', async () => {
    const channel = { type: 'Price', condition: 'EnteringChannel', valueTarget: '2,300' };
    expect(await alertErrors({ ...channel, valueUpper: '2,400.5' })).toEqual({});
    expect(await alertErrors({ ...channel, valueUpper: '2,40' })).toEqual({
      valueUpper: 'Upper bound must be a positive number',
    });
    expect(await alertErrors({ ...channel, valueUpper: '1e30' })).toEqual({
      valueUpper: 'Upper bound is too large',
    });
  });

  it('checks a price level against its symbol when the context names it', async () => {
    const level = { type: 'Price', valueTarget: '65,000.123' };
    expect(await errorOf(alertFormSchema, level)).toBeUndefined();
    const btc = await alertFormSchema.validate(level, { context: { symbol: 'BTCUSDT' } }).then(
      () => undefined,
      (error: Error) => error.message,
    );
    expect(btc).toBe("Value has more decimals than BTCUSDT's price (2)");
    const doge = { type: 'Price', valueTarget: '0.123456' };
    await expect(
      alertFormSchema.validate(doge, { context: { symbol: 'DOGEUSDT' } }),
    ).rejects.toThrow("Value has more decimals than DOGEUSDT's price (5)");
    // The live format wins over the catalogue's; trailing zeros are not decimals.
    await expect(
      alertFormSchema.validate(doge, { context: { symbol: 'DOGEUSDT', pricePrecision: 6 } }),
    ).resolves.toBeDefined();
    await expect(
      alertFormSchema.validate(
        { type: 'Price', valueTarget: '65,000.1000' },
        { context: { symbol: 'BTCUSDT' } },
      ),
    ).resolves.toBeDefined();
    // RSI levels and percent moves are not prices.
    await expect(
      alertFormSchema.validate(
        { type: 'Rsi', valueTarget: '30.125' },
        { context: { symbol: 'BTCUSDT' } },
      ),
    ).resolves.toBeDefined();
  });
});

describe('positionFormSchema: typed numbers (issue #28)', () => {
  const valid = { symbol: 'ETHUSDT', side: 'Buy', amount: '1.5', price: '3,000', tp: '3,500.25' };

  it('accepts thousands separators and spaces in every field', async () => {
    expect(await errors({ ...valid, amount: ' 1,000 ' })).toEqual({});
  });

  it.each<[string, string, Record<string, string>]>([
    ['amount', '1,00', { amount: 'Amount must be a positive number' }],
    ['amount', '99999999999999999999999', { amount: 'Amount is too large' }],
    ['amount', '0.12345678901', { amount: 'Amount has more than 10 decimals' }],
    ['price', '3,0000', { price: 'Price must be a positive number' }],
    ['price', '3,000.123', { price: "Price has more decimals than ETHUSDT's price (2)" }],
    ['price', '1e23', { price: 'Price is too large' }],
    ['tp', '3,500.251', { tp: "Take profit has more decimals than ETHUSDT's price (2)" }],
    ['tp', '999,999,999,999,999.99', { tp: 'Take profit has too many digits' }],
  ])('reports %s = %j', async (field, value, expected) => {
    expect(await errors({ ...valid, [field]: value })).toEqual(expected);
  });

  it("takes the live price precision from the context over the catalogue's", async () => {
    await expect(
      positionFormSchema.validate(
        { ...valid, price: '3,000.123' },
        { context: { pricePrecision: 3 } },
      ),
    ).resolves.toBeDefined();
  });

  it('leaves stored positions (field by field) to keep more decimals than the symbol shows', async () => {
    await expect(
      positionFieldsSchema.validate({ ...valid, price: 3000.123, amount: 0.123456789012 }),
    ).resolves.toBeDefined();
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
