import { describe, expect, it } from '@jest/globals';
import { SimInputError } from '../market/SimInputError';
import { type PairStatus } from './PairStatus';
import { PairStatuses } from './PairStatuses';
import { SimCatalogue } from './SimCatalogue';

const catalogue = SimCatalogue.standard();
const broken = catalogue.pairs.find((pair) => pair.listedStatus === 'BREAK');

describe('PairStatuses', () => {
  it('reports the listed status until a control changes it', () => {
    const statuses = new PairStatuses(catalogue);
    expect(statuses.of('SOLUSDT')).toBe('TRADING');
    expect(broken).toBeDefined();
    expect(statuses.of(broken!.symbol)).toBe('BREAK');
    expect(statuses.set('SOLUSDT', 'BREAK')).toEqual({
      symbol: 'SOLUSDT',
      previousStatus: 'TRADING',
      status: 'BREAK',
    });
    expect(statuses.of('SOLUSDT')).toBe('BREAK');
    expect(statuses.overrides()).toEqual({ SOLUSDT: 'BREAK' });
  });

  it('moves its version on every change and back to the listed statuses on reset', () => {
    const statuses = new PairStatuses(catalogue);
    const start = statuses.version;
    statuses.set('ETHBTC', 'HALT');
    statuses.set(broken!.symbol, 'TRADING');
    expect(statuses.version).toBe(start + 2);
    expect(statuses.of(broken!.symbol)).toBe('TRADING');
    statuses.reset();
    expect(statuses.version).toBe(start + 3);
    expect(statuses.of('ETHBTC')).toBe('TRADING');
    expect(statuses.of(broken!.symbol)).toBe('BREAK');
    expect(statuses.overrides()).toEqual({});
  });

  it('forgets a change back to the listed status', () => {
    const statuses = new PairStatuses(catalogue);
    statuses.set('SOLUSDT', 'CANCEL_ONLY');
    statuses.set('SOLUSDT', 'TRADING');
    expect(statuses.overrides()).toEqual({});
  });

  it('refuses an unlisted pair or an unknown status and changes nothing', () => {
    const statuses = new PairStatuses(catalogue);
    expect(() => statuses.set('FOOUSDT', 'BREAK')).toThrow(/Unknown symbol "FOOUSDT"/);
    expect(() => statuses.set('SOLUSDT', 'PAUSED' as PairStatus)).toThrow(SimInputError);
    expect(() => statuses.set('SOLUSDT', 'PAUSED' as PairStatus)).toThrow(
      /'status' must be one of/,
    );
    expect(statuses.version).toBe(0);
    expect(statuses.of('SOLUSDT')).toBe('TRADING');
  });
});
