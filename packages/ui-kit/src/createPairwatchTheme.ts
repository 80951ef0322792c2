import { createTheme, type PaletteMode, type Theme } from '@mui/material/styles';
import { PAIRWATCH_FONT_FAMILY } from './pairwatchFontFamily';
import { PAIRWATCH_PALETTE } from './pairwatchPalette';

/**
 * Builds the product's MUI theme for one colour mode. `success` and `error` use the trading
 * colours, so a green button and an up candle are the same green.
 *
 * @param mode - `'light'` or `'dark'`.
 * @returns a complete MUI theme.
 * @example
 * ```tsx
 * <ThemeProvider theme={createPairwatchTheme('dark')}>…</ThemeProvider>
 * ```
 */
export function createPairwatchTheme(mode: PaletteMode): Theme {
  const colors = PAIRWATCH_PALETTE[mode];
  const primary = colors.primary;
  return createTheme({
    // Plain values (pairwatchPalette.ts): what draws before MUI loads uses the same ones.
    palette: {
      mode,
      primary: { main: primary },
      success: colors.success,
      error: colors.error,
      warning: colors.warning,
      info: { main: colors.info },
      background: colors.background,
      text: colors.text,
      divider: colors.divider,
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: PAIRWATCH_FONT_FAMILY,
      // Buttons read as written ('Create Alert', 'Add position'), not shouted in capitals.
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      // Every control shows where the keyboard is: a 2 px ring in the primary colour, in both
      // modes (MUI's default is a faint ripple that is nearly invisible on outlined buttons).
      MuiButtonBase: {
        styleOverrides: {
          root: {
            '&.Mui-focusVisible': { outline: `2px solid ${primary}`, outlineOffset: 2 },
          },
        },
      },
      MuiLink: {
        styleOverrides: {
          root: {
            '&:focus-visible': {
              outline: `2px solid ${primary}`,
              outlineOffset: 2,
              borderRadius: 2,
            },
          },
        },
      },
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiTableCell: { styleOverrides: { root: { fontVariantNumeric: 'tabular-nums' } } },
    },
  });
}
