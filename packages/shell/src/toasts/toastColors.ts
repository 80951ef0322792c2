import { getContrastRatio, type Theme } from '@mui/material/styles';
import { type VariantType } from 'notistack';

/** The two text colours a toast may use: the one that reads better on its background wins. */
const LIGHT_TEXT = '#ffffff';
const DARK_TEXT = '#0b0d10';

/**
 * A toast's background and text in the theme's colours, with the text that contrasts most (AA
 * for normal text, 4.5:1, in both modes; `toastColors.test.ts`). notistack's own success green
 * with white text is 3.3:1.
 */
export function toastColors(
  theme: Theme,
  variant: VariantType,
): { readonly backgroundColor: string; readonly color: string } {
  const backgroundColor =
    variant === 'default' ? theme.palette.grey[800] : theme.palette[variant].main;
  const color =
    getContrastRatio(backgroundColor, LIGHT_TEXT) >= getContrastRatio(backgroundColor, DARK_TEXT)
      ? LIGHT_TEXT
      : DARK_TEXT;
  return { backgroundColor, color };
}
