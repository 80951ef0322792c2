import { type ReactNode, useMemo } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import useMediaQuery from '@mui/material/useMediaQuery';
import { ThemeProvider } from '@mui/material/styles';
import { createPairwatchTheme } from './createPairwatchTheme';

/** Props of {@link PairwatchThemeProvider}. */
export interface PairwatchThemeProviderProps {
  /**
   * `'system'` (the default) follows the browser's `prefers-color-scheme` and switches live
   * when it changes; `'light'` or `'dark'` force a mode.
   */
  readonly mode?: 'system' | 'light' | 'dark';
  readonly children?: ReactNode;
}

/** The media query that tells whether the user prefers a dark UI. */
const PREFERS_DARK = '(prefers-color-scheme: dark)';

/**
 * Applies the Pairwatch theme (and MUI's CSS baseline) to its children. The shell renders it once
 * at the root; the remotes inherit it because `@mui/material` is a Module Federation singleton.
 *
 * @example
 * ```tsx
 * root.render(<PairwatchThemeProvider><App /></PairwatchThemeProvider>);
 * ```
 */
export function PairwatchThemeProvider({ mode = 'system', children }: PairwatchThemeProviderProps) {
  // noSsr: read the media query on the first render, so a dark system never flashes light.
  const prefersDark = useMediaQuery(PREFERS_DARK, { noSsr: true });
  const resolved = mode === 'system' ? (prefersDark ? 'dark' : 'light') : mode;
  const theme = useMemo(() => createPairwatchTheme(resolved), [resolved]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      {children}
    </ThemeProvider>
  );
}
