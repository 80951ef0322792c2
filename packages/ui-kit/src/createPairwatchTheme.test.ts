import { describe, expect, it } from '@jest/globals';
import { createPairwatchTheme } from './createPairwatchTheme';
import { TRADING_COLORS } from './tradingColors';

describe('createPairwatchTheme', () => {
  it('uses the trading colours for success and error in both modes', () => {
    for (const mode of ['light', 'dark'] as const) {
      const theme = createPairwatchTheme(mode);
      expect(theme.palette.mode).toBe(mode);
      expect(theme.palette.success.main).toBe(TRADING_COLORS.up);
      expect(theme.palette.error.main).toBe(TRADING_COLORS.down);
    }
  });

  it('shows button labels as written, not in capitals', () => {
    expect(createPairwatchTheme('light').typography.button.textTransform).toBe('none');
  });
});
