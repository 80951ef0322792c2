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
  return createTheme({
    palette: {
      mode,
      primary: { main: mode === 'dark' ? '#90caf9' : '#1565c0' },
      success: { main: TRADING_COLORS.up, contrastText: '#ffffff' },
      error: { main: TRADING_COLORS.down, contrastText: '#ffffff' },
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
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiTableCell: { styleOverrides: { root: { fontVariantNumeric: 'tabular-nums' } } },
    },
  });
}
