import { describe, expect, it } from '@jest/globals';
import { renderHook } from '@testing-library/react';
import { alpha, useTheme } from '@mui/material/styles';
import { PairwatchThemeProvider } from '@pairwatch/ui-kit';
import { type ReactNode } from 'react';
import { chartAppearance } from './chartAppearance';

describe('chartAppearance', () => {
  it.each(['light', 'dark'] as const)(
    "is the MUI theme's colours and typeface in %s mode, so the adopted first chart keeps them",
    (mode) => {
      const { result } = renderHook(() => useTheme(), {
        wrapper: ({ children }: { children: ReactNode }) => (
          <PairwatchThemeProvider mode={mode}>{children}</PairwatchThemeProvider>
        ),
      });
      const { palette, typography } = result.current;
      expect(palette.mode).toBe(mode);
      expect(chartAppearance(mode)).toEqual({
        textColor: palette.text.secondary,
        strongTextColor: palette.text.primary,
        gridColor: palette.divider,
        watermarkColor: alpha(palette.text.primary, 0.2),
        upTextColor: palette.success.main,
        downTextColor: palette.error.main,
        surfaceColor: palette.background.paper,
        fontFamily: typography.fontFamily,
      });
    },
  );
});
