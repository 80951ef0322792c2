import { beforeEach, describe, expect, it } from '@jest/globals';
import { act, renderHook } from '@testing-library/react';
import { POSITIONS_SETTINGS_KEY, useNewPositionSymbol } from './useNewPositionSymbol';

beforeEach(() => {
  localStorage.clear();
});

describe('useNewPositionSymbol', () => {
  it('starts with BTCUSDT when nothing is stored', () => {
    const { result } = renderHook(() => useNewPositionSymbol());
    expect(result.current[0]).toBe('BTCUSDT');
  });

  it("reads the symbol the original app stored in 'persistent-positions-store'", () => {
    localStorage.setItem(
      POSITIONS_SETTINGS_KEY,
      JSON.stringify({ state: { newPositionSymbol: 'LINKUSDT' }, version: 0 }),
    );
    const { result } = renderHook(() => useNewPositionSymbol());
    expect(result.current[0]).toBe('LINKUSDT');
  });

  it.each([
    ['not JSON', '{oops'],
    [
      'a malformed symbol',
      JSON.stringify({ state: { newPositionSymbol: 'xrp/usdt' }, version: 0 }),
    ],
    ['another shape', JSON.stringify(['ETHUSDT'])],
  ])('falls back to BTCUSDT when the stored value is %s', (_case, raw) => {
    localStorage.setItem(POSITIONS_SETTINGS_KEY, raw);
    const { result } = renderHook(() => useNewPositionSymbol());
    expect(result.current[0]).toBe('BTCUSDT');
  });

  it('remembers a newly chosen symbol for the next time', () => {
    const first = renderHook(() => useNewPositionSymbol());
    act(() => first.result.current[1]('ATOMUSDT'));
    expect(first.result.current[0]).toBe('ATOMUSDT');
    first.unmount();
    const again = renderHook(() => useNewPositionSymbol());
    expect(again.result.current[0]).toBe('ATOMUSDT');
  });
});
