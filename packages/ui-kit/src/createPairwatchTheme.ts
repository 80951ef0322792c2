import { createTheme, type PaletteMode, type Theme } from '@mui/material/styles';
import { TRADING_COLORS } from './tradingColors';

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
  const dark = mode === 'dark';
  const primary = dark ? '#90caf9' : '#1565c0';
  return createTheme({
    palette: {
      mode,
      primary: { main: primary },
      // Text and filled controls meet WCAG AA (4.5:1): on white the candle colours are too light
      // (3.0:1, 3.5:1), so light mode darkens them; on the dark paper they read as they are, with
      // dark text on filled controls.
      success: dark
        ? { main: TRADING_COLORS.up, contrastText: '#0b0d10' }
        : { main: '#00796b', contrastText: '#ffffff' },
      error: dark
        ? { main: TRADING_COLORS.down, contrastText: '#0b0d10' }
        : { main: '#c62828', contrastText: '#ffffff' },
      // MUI's orange with white text is 3.1:1 (the "Simulated market" chip).
      warning: dark
        ? { main: '#ffb74d', contrastText: '#0b0d10' }
        : { main: '#b45309', contrastText: '#ffffff' },
      ...(mode === 'dark'
        ? { background: { default: '#121417', paper: '#181b20' } }
        : { background: { default: '#f6f7f9', paper: '#ffffff' } }),
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: '"Inter", "Roboto", "Helvetica", "Arial", sans-serif',
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
