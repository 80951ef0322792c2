import { describe, expect, it } from '@jest/globals';
import { render } from '@testing-library/react';
import { getContrastRatio, type Theme, useTheme } from '@mui/material/styles';
import { PairwatchThemeProvider } from '@pairwatch/ui-kit';
import { toastColors } from './toastColors';

/** The product's theme in one mode, as the shell provides it. */
function themeOf(mode: 'light' | 'dark'): Theme {
  let theme: Theme | undefined;
  function Probe() {
    theme = useTheme();
    return null;
  }
  render(
    <PairwatchThemeProvider mode={mode}>
      <Probe />
    </PairwatchThemeProvider>,
  );
  if (!theme) throw new Error('no theme');
  return theme;
}

describe('toastColors', () => {
  for (const mode of ['light', 'dark'] as const) {
    it(`gives every toast variant text of at least 4.5:1 in ${mode} mode`, () => {
      const theme = themeOf(mode);
      const ratios = (['default', 'success', 'error', 'warning', 'info'] as const).map(
        (variant) => {
          const { backgroundColor, color } = toastColors(theme, variant);
          return [variant, getContrastRatio(backgroundColor, color) >= 4.5];
        },
      );
      expect(ratios).toEqual([
        ['default', true],
        ['success', true],
        ['error', true],
        ['warning', true],
        ['info', true],
      ]);
    });
  }

  it('uses the theme’s success colour, not notistack’s green (white on it was 3.3:1)', () => {
    expect(toastColors(themeOf('light'), 'success')).toEqual({
      backgroundColor: '#00796b',
      color: '#ffffff',
    });
  });
});
