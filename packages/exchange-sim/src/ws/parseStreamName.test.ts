import { describe, expect, it } from '@jest/globals';
import { parseStreamName } from './parseStreamName';

describe('parseStreamName', () => {
  it('reads <symbol>@kline_<interval> with a lowercase symbol', () => {
    const stream = parseStreamName('btcusdt@kline_1m');
    expect(stream).toMatchObject({
      name: 'btcusdt@kline_1m',
      symbol: 'BTCUSDT',
      timeZoneOffsetMs: 0,
    });
    expect(stream?.interval.code).toBe('1m');
  });

  it('keeps the month interval uppercase', () => {
    expect(parseStreamName('ethusdt@kline_1M')?.interval.code).toBe('1M');
  });

  it('reads the stream of any pair the catalogue lists, digits included', () => {
    expect(parseStreamName('pepeusdt@kline_1m')?.symbol).toBe('PEPEUSDT');
    expect(parseStreamName('1000satsusdt@kline_5m')?.symbol).toBe('1000SATSUSDT');
    expect(parseStreamName('1inchbtc@kline_5m')?.symbol).toBe('1INCHBTC');
    expect(parseStreamName('ethbtc@kline_1d')?.symbol).toBe('ETHBTC');
  });

  it('reads a time zone suffix', () => {
    expect(parseStreamName('btcusdt@kline_1d@+08:00')?.timeZoneOffsetMs).toBe(8 * 3_600_000);
  });

  it.each([
    'BTCUSDT@kline_1m',
    'btcusdt@kline_7m',
    'btcusdt@depth',
    'foousdt@kline_1m',
    'btcusd@kline_1m',
    'btcusdt@kline_1d@+15:00',
    'btcusdt@kline_',
  ])('refuses %s', (name) => {
    expect(parseStreamName(name)).toBeUndefined();
  });
});
