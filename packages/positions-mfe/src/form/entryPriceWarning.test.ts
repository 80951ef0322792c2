import { describe, expect, it } from '@jest/globals';
import { entryPriceWarning } from './entryPriceWarning';

describe('entryPriceWarning', () => {
  it("warns of an ETH entry typed at BTC's price, with the distance and the current price", () => {
    expect(entryPriceWarning(89234, 2988.92, 2)).toBe(
      'Entry is 2,885.5 % above the current price of 2,988.92 — check the pair',
    );
    expect(entryPriceWarning(101.63, 2988.92, 2)).toBe(
      'Entry is 96.6 % below the current price of 2,988.92 — check the pair',
    );
  });

  it('says nothing within 50 % of the current price, either side', () => {
    expect(entryPriceWarning(150, 100, 2)).toBeUndefined();
    expect(entryPriceWarning(50, 100, 2)).toBeUndefined();
    expect(entryPriceWarning(150.01, 100, 2)).toMatch(/^Entry is 50\.0 % above/);
    expect(entryPriceWarning(49.99, 100, 2)).toMatch(/^Entry is 50\.0 % below/);
  });

  it('says nothing before a price is known or for an entry that is not a positive number', () => {
    expect(entryPriceWarning(89234, undefined, 2)).toBeUndefined();
    expect(entryPriceWarning(Number.NaN, 2988.92, 2)).toBeUndefined();
    expect(entryPriceWarning(0, 2988.92, 2)).toBeUndefined();
  });
});
