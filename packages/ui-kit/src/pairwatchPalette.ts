import { TRADING_COLORS } from './tradingColors';

/** The colours of one mode of the Pairwatch theme. */
export interface PairwatchModePalette {
  /** Links, focus rings and selected controls. */
  readonly primary: string;
  /** Price-move text and filled controls: up (success) and down (error), WCAG AA on `paper`. */
  readonly success: { readonly main: string; readonly contrastText: string };
  readonly error: { readonly main: string; readonly contrastText: string };
  /** The "Simulated market" chip. */
  readonly warning: { readonly main: string; readonly contrastText: string };
  /** Info banners ("enable push notifications"): icon and border. */
  readonly info: string;
  readonly background: { readonly default: string; readonly paper: string };
  readonly text: { readonly primary: string; readonly secondary: string };
  readonly divider: string;
}

/**
 * The theme's colours as plain values, without MUI: `createPairwatchTheme` builds the MUI theme
 * from them, and code that draws before MUI is loaded (the first chart and the page's static
 * frame, docs/architecture.md §7) uses the same values, so nothing changes colour when React takes
 * over. `text` and `divider` are MUI's defaults for each mode, written out.
 *
 * @example `chart.applyOptions({ layout: { textColor: PAIRWATCH_PALETTE.dark.text.secondary } })`
 */
export const PAIRWATCH_PALETTE: Readonly<Record<'light' | 'dark', PairwatchModePalette>> = {
  light: {
    primary: '#1565c0',
    // On white the candle colours are too light for text (3.0:1, 3.5:1): darker shades here.
    success: { main: '#00796b', contrastText: '#ffffff' },
    error: { main: '#c62828', contrastText: '#ffffff' },
    // MUI's orange with white text is 3.1:1.
    warning: { main: '#b45309', contrastText: '#ffffff' },
    info: '#0288d1',
    background: { default: '#f6f7f9', paper: '#ffffff' },
    text: { primary: 'rgba(0, 0, 0, 0.87)', secondary: 'rgba(0, 0, 0, 0.6)' },
    divider: 'rgba(0, 0, 0, 0.12)',
  },
  dark: {
    primary: '#90caf9',
    // On the dark paper the candle colours read as they are, with dark text on filled controls.
    success: { main: TRADING_COLORS.up, contrastText: '#0b0d10' },
    error: { main: TRADING_COLORS.down, contrastText: '#0b0d10' },
    warning: { main: '#ffb74d', contrastText: '#0b0d10' },
    info: '#29b6f6',
    background: { default: '#121417', paper: '#181b20' },
    text: { primary: '#fff', secondary: 'rgba(255, 255, 255, 0.7)' },
    divider: 'rgba(255, 255, 255, 0.12)',
  },
};
