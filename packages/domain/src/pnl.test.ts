import { describe, expect, it } from '@jest/globals';
import {
  computePnl,
  formatPnlPercent,
  isTakeProfitReached,
  realizedPnl,
  unrealizedPnl,
} from './pnl';
import { type Position, isPositionOpen } from './positions';

const buy: Position = { id: 1, symbol: 'BTCUSDT', side: 'Buy', amount: 2, price: 100, tp: 120 };
const sell: Position = { ...buy, id: 2, side: 'Sell', tp: 80 };

describe('computePnl', () => {
  it('gains on a Buy when the price rises', () => {
    expect(computePnl('Buy', 100, 110, 2)).toEqual({ amount: 20, percent: 10 });
  });

  it('loses on a Sell when the price rises (the reverse of Buy)', () => {
    expect(computePnl('Sell', 100, 110, 2)).toEqual({ amount: -20, percent: -10 });
    expect(computePnl('Sell', 100, 90, 2)).toEqual({ amount: 20, percent: 10 });
  });
});

describe('unrealizedPnl and realizedPnl', () => {
  it('has no unrealized PnL until a price is known', () => {
    expect(unrealizedPnl(buy, undefined)).toBeUndefined();
    expect(unrealizedPnl(buy, 105)).toEqual({ amount: 10, percent: 5 });
  });

  it('uses the end price of an ended position', () => {
    expect(realizedPnl(buy)).toBeUndefined();
    expect(realizedPnl({ ...sell, endReason: 'Filled', endPrice: 80 })).toEqual({
      amount: 40,
      percent: 20,
    });
    expect(isPositionOpen(buy)).toBe(true);
    expect(isPositionOpen({ ...buy, endReason: 'Closed', endPrice: 90 })).toBe(false);
  });
});

describe('formatPnlPercent', () => {
  it('shows two decimals with a sign for gains', () => {
    expect(formatPnlPercent(12.345)).toBe('+12.35%');
    expect(formatPnlPercent(-0.5)).toBe('-0.50%');
    expect(formatPnlPercent(-0.001)).toBe('0.00%');
    expect(formatPnlPercent(0)).toBe('0.00%');
  });
});

describe('isTakeProfitReached', () => {
  it('fills a Buy when the high reaches the TP and a Sell when the low does', () => {
    expect(isTakeProfitReached(buy, { high: 119.99, low: 100 })).toBe(false);
    expect(isTakeProfitReached(buy, { high: 120, low: 100 })).toBe(true);
    expect(isTakeProfitReached(sell, { high: 100, low: 80.01 })).toBe(false);
    expect(isTakeProfitReached(sell, { high: 100, low: 79 })).toBe(true);
  });
});
