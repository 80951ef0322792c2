import { describe, expect, it } from '@jest/globals';
import { SimInputError } from '../market/SimInputError';
import { SimCatalogue } from './SimCatalogue';
import { type SimPair } from './SimPair';

const catalogue = SimCatalogue.standard();
const solusdt = catalogue.require('SOLUSDT');

describe('SimCatalogue', () => {
  it('finds a listed pair and nothing for an unlisted one', () => {
    expect(catalogue.get('PEPEUSDT')).toMatchObject({ baseAsset: 'PEPE', quoteAsset: 'USDT' });
    expect(catalogue.get('FOOUSDT')).toBeUndefined();
    expect(catalogue.get('pepeusdt')).toBeUndefined();
    expect(catalogue.size).toBe(catalogue.pairs.length);
  });

  it('names the unknown symbol when one is required', () => {
    expect(() => catalogue.require('BTCUSD')).toThrow(SimInputError);
    expect(() => catalogue.require('BTCUSD')).toThrow(/Unknown symbol "BTCUSD"/);
  });

  it('is built once and shared', () => {
    expect(SimCatalogue.standard()).toBe(catalogue);
  });

  it('refuses pairs listed twice, misnamed or out of order', () => {
    const at = (pair: SimPair, index: number): SimPair => ({ ...pair, index });
    expect(() => new SimCatalogue([at(solusdt, 0), at(solusdt, 1)])).toThrow(/listed twice/);
    expect(() => new SimCatalogue([{ ...at(solusdt, 0), symbol: 'SOLUSDC' }])).toThrow(/Malformed/);
    expect(() => new SimCatalogue([at(solusdt, 3)])).toThrow(/index 3/);
    expect(new SimCatalogue([at(solusdt, 0)]).get('SOLUSDT')).toBeDefined();
  });
});
