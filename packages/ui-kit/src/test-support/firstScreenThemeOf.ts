import { type Theme } from '@mui/material/styles';
import {
  type FirstScreenAlertsColors,
  type FirstScreenBannerColors,
  type FirstScreenFrameColors,
  type FirstScreenTheme,
} from '../firstScreenTheme';

/** A length the theme writes in rem, in CSS pixels. */
function remToPx(theme: Theme, rem: string | number | undefined): number {
  const value = String(rem);
  if (!value.endsWith('rem')) throw new Error(`not a rem length: ${value}`);
  return parseFloat(value) * theme.typography.htmlFontSize;
}

function px(length: string): number {
  if (!length.endsWith('px')) throw new Error(`not a px length: ${length}`);
  return parseFloat(length);
}

// MUI gives a variant its letter spacing only with its default font (Roboto); ours has none.
function letterSpacing(value: string | number | undefined): string {
  return value === undefined ? 'normal' : String(value);
}

function frameColors(theme: Theme): FirstScreenFrameColors {
  const { palette } = theme;
  const light = palette.mode === 'light';
  return {
    text: palette.text.primary,
    background: palette.background.default,
    // AppBar color="default": grey[100] in light mode; in dark mode (no enableColorOnDark) the
    // Paper's own background.
    bar: light ? palette.grey[100] : palette.background.paper,
    divider: palette.divider,
    // MUI's OutlinedInput writes its border per mode, not from the palette.
    outline: light ? 'rgba(0, 0, 0, 0.23)' : 'rgba(255, 255, 255, 0.23)',
    muted: palette.text.secondary,
    warning: palette.warning.main,
    onWarning: palette.warning.contrastText,
  };
}

/** Alert variant="outlined": text and border from the severity's light shade, icon from main. */
function bannerColors(theme: Theme, severity: 'info' | 'warning'): FirstScreenBannerColors {
  const color = theme.palette[severity];
  const tone = theme.palette.mode === 'light' ? theme.darken : theme.lighten;
  return { text: tone(color.light, 0.6), border: color.light, icon: color.main };
}

function alertsColors(theme: Theme): FirstScreenAlertsColors {
  const { palette } = theme;
  return {
    text: palette.text.primary,
    paper: palette.background.paper,
    divider: palette.divider,
    toggle: palette.action.active,
    toggleSelected: palette.text.primary,
    toggleSelectedBackground: palette.action.selected,
    link: palette.primary.main,
    info: bannerColors(theme, 'info'),
    warning: bannerColors(theme, 'warning'),
  };
}

/**
 * What the first screens draw with, read from the theme of each mode: the palette and the
 * typography, spacing, shape, breakpoints and toolbar mixin, put together the way the MUI
 * components of ShellLayout and the Alerts screen use them. Component constants MUI writes by
 * hand (a button's 5px 15px padding, an Alert's 6px 16px) stay in the first screens' CSS.
 */
export function firstScreenThemeOf(light: Theme, dark: Theme): FirstScreenTheme {
  const { typography, breakpoints, shape } = light;
  const toolbar = light.mixins.toolbar as Record<string, unknown>;
  const landscape = toolbar['@media (min-width:0px)'] as Record<string, { minHeight: number }>;
  const sm = toolbar[`@media (min-width:${breakpoints.values.sm}px)`] as { minHeight: number };
  const button = typography.button;
  const buttonLineHeight = Number(button.lineHeight);
  return {
    frame: {
      fontFamily: typography.fontFamily ?? '',
      toolbar: {
        minHeight: Number(toolbar['minHeight']),
        landscape: landscape['@media (orientation: landscape)']!.minHeight,
        sm: sm.minHeight,
      },
      gutters: { xs: px(light.spacing(2)), sm: px(light.spacing(3)) },
      unit: px(light.spacing(1)),
      gap: px(light.spacing(2)),
      mainPaddingY: px(light.spacing(3)),
      maxWidth: breakpoints.values.xl,
      breakpointSm: breakpoints.values.sm,
      borderRadius: Number(shape.borderRadius),
      title: {
        fontSize: String(typography.h6.fontSize),
        lineHeight: Number(typography.h6.lineHeight),
        letterSpacing: letterSpacing(typography.h6.letterSpacing),
      },
      // InputBase: body1 with a 1.4375em line; InputLabel shrunk: body1 at scale(0.75).
      inputLineHeight: remToPx(light, typography.body1.fontSize) * 1.4375,
      labelFontSize: remToPx(light, typography.body1.fontSize) * 0.75,
      chipFontSize: typography.pxToRem(13),
      light: frameColors(light),
      dark: frameColors(dark),
    },
    alerts: {
      fontFamily: typography.fontFamily ?? '',
      spacing: px(light.spacing(2)),
      borderRadius: Number(shape.borderRadius),
      banner: {
        fontSize: String(typography.body2.fontSize),
        lineHeight: Number(typography.body2.lineHeight),
        letterSpacing: letterSpacing(typography.body2.letterSpacing),
      },
      button: {
        fontSize: String(button.fontSize),
        lineHeight: buttonLineHeight,
        fontWeight: Number(button.fontWeight),
        // Button variant="outlined", medium: the text's line, 5px padding and a 1px border.
        height: remToPx(light, button.fontSize) * buttonLineHeight + 2 * (5 + 1),
      },
      toggle: { fontSize: typography.pxToRem(13), paddingX: px(light.spacing(1.25)) },
      breakpoints: { sm: breakpoints.values.sm, md: breakpoints.values.md },
      light: alertsColors(light),
      dark: alertsColors(dark),
    },
  };
}
