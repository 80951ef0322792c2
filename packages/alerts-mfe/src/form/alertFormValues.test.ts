import { describe, expect, it } from '@jest/globals';
import {
  alertSchemaInput,
  createAlertRequest,
  emptyAlertForm,
  localDateTimeToIso,
} from './alertFormValues';

const TARGET = { symbol: 'BTCUSDT', interval: 'FourHour', ownerId: 'sub-1' } as const;

describe('alertFormValues', () => {
  it('sends the original fields only for the original kind of alert', () => {
    expect(createAlertRequest({ ...emptyAlertForm('Rsi'), valueTarget: '30' }, TARGET)).toEqual({
      symbol: 'BTCUSDT',
      type: 'Rsi',
      valueTarget: 30,
      ownerId: 'sub-1',
      rsiInterval: 'FourHour',
    });
  });

  it('sends the condition fields as soon as one differs, and only those the condition uses', () => {
    const values = {
      ...emptyAlertForm('Price'),
      valueTarget: '65000',
      valueUpper: '70000', // typed for a channel, then the condition changed
      bars: '9',
      message: '  ',
      frequency: 'OncePerBarClose' as const,
    };
    expect(createAlertRequest(values, TARGET)).toEqual({
      symbol: 'BTCUSDT',
      type: 'Price',
      valueTarget: 65000,
      ownerId: 'sub-1',
      condition: 'Crossing',
      frequency: 'OncePerBarClose',
      interval: 'FourHour',
    });
  });

  it('reads a datetime-local value as local time', () => {
    expect(localDateTimeToIso('2030-06-01T08:15')).toBe(new Date(2030, 5, 1, 8, 15).toISOString());
    expect(localDateTimeToIso('')).toBeUndefined();
    expect(localDateTimeToIso('tomorrow')).toBeUndefined();
  });

  it('has the schema read "on a date" without a date as no date, and "open-ended" as none', () => {
    const at = { ...emptyAlertForm('Price'), expiry: 'at' as const };
    expect(alertSchemaInput(at).expiresAt).toBe('no date');
    expect(
      alertSchemaInput({ ...at, expiry: 'open', expiresAt: '2030-06-01T08:15' }).expiresAt,
    ).toBe(undefined);
  });
});
