import { describe, expect, it } from '@jest/globals';
import { createPairwatchTheme } from './createPairwatchTheme';
import { getContrastRatio as contrastRatio } from '@mui/material/styles';
import { TRADING_COLORS } from './tradingColors';

describe('createPairwatchTheme', () => {
  it('uses the candle colours for success and error in dark mode, darker shades in light mode', () => {
    const dark = createPairwatchTheme('dark').palette;
    const light = createPairwatchTheme('light').palette;
    expect([dark.mode, dark.success.main, dark.error.main]).toEqual([
      'dark',
      TRADING_COLORS.up,
      TRADING_COLORS.down,
    ]);
    expect([light.mode, light.success.main, light.error.main]).toEqual([
      'light',
      '#00796b',
      '#c62828',
    ]);
  });

  it.each(['light', 'dark'] as const)(
    'meets WCAG AA (4.5:1) for price-move text and filled controls in %s mode',
    (mode) => {
      const { palette } = createPairwatchTheme(mode);
      for (const color of [palette.success, palette.error, palette.warning]) {
        expect([color.main, contrastRatio(color.main, palette.background.paper)]).toEqual([
          color.main,
          expect.any(Number),
        ]);
        expect(contrastRatio(color.main, palette.background.paper)).toBeGreaterThanOrEqual(4.5);
        expect(contrastRatio(color.contrastText, color.main)).toBeGreaterThanOrEqual(4.5);
      }
    },
  );

  it('gives focused controls a visible ring', () => {
    const theme = createPairwatchTheme('light');
    const root = theme.components?.MuiButtonBase?.styleOverrides?.root as Record<string, unknown>;
    expect(root['&.Mui-focusVisible']).toEqual({ outline: '2px solid #1565c0', outlineOffset: 2 });
  });

  it('shows button labels as written, not in capitals', () => {
    expect(createPairwatchTheme('light').typography.button.textTransform).toBe('none');
  });
});
