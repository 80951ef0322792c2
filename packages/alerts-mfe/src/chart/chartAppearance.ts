import { PAIRWATCH_FONT_FAMILY, PAIRWATCH_PALETTE } from '@pairwatch/ui-kit/colors';
import { type ChartAppearance } from './ChartController';

/** The watermark and RSI guides: the text colour at 20 % (MUI's `alpha(text.primary, 0.2)`). */
const FAINT = { light: 'rgba(0, 0, 0, 0.2)', dark: 'rgba(255, 255, 255, 0.2)' } as const;

/**
 * The chart's colours and typeface in a theme mode, from the theme's plain constants: the first
 * chart (drawn before MUI loads) and the React screen use this one function, so the adopted chart
 * keeps them.
 */
export function chartAppearance(mode: 'light' | 'dark'): ChartAppearance {
  const colors = PAIRWATCH_PALETTE[mode];
  return {
    textColor: colors.text.secondary,
    strongTextColor: colors.text.primary,
    gridColor: colors.divider,
    watermarkColor: FAINT[mode],
    // The theme's success/error are the trading colours tuned for text contrast (ui-kit).
    upTextColor: colors.success.main,
    downTextColor: colors.error.main,
    surfaceColor: colors.background.paper,
    fontFamily: PAIRWATCH_FONT_FAMILY,
  };
}
