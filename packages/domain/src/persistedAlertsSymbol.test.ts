import { describe, expect, it } from '@jest/globals';
import { persistedAlertsSymbol } from './persistedAlertsSymbol';

describe('persistedAlertsSymbol', () => {
  it('reads the symbol of the stored state', () => {
    expect(persistedAlertsSymbol('{"state":{"symbol":"ETHUSDT"},"version":0}')).toBe('ETHUSDT');
  });

  it.each([
    ['nothing stored', null],
    ['an empty string', ''],
    ['corrupt JSON', '{"state":'],
    ['JSON null', 'null'],
    ['no state', '{"version":0}'],
    ['an unsupported symbol', '{"state":{"symbol":"FOOUSDT"}}'],
    ['a symbol of the wrong type', '{"state":{"symbol":42}}'],
  ])('is undefined for %s', (_, raw) => {
    expect(persistedAlertsSymbol(raw)).toBeUndefined();
  });
});
