import values from './firstScreenTheme.json';

/** The colours the shell's static frame (`packages/shell/public/index.html`) draws in, one mode. */
export interface FirstScreenFrameColors {
  readonly text: string;
  /** The page behind the frame, also the browser's `theme-color`. */
  readonly background: string;
  /** The app bar (`AppBar color="default"`). */
  readonly bar: string;
  readonly divider: string;
  /** An outlined input's border (the Screen select). */
  readonly outline: string;
  /** Secondary text: the select's label and arrow. */
  readonly muted: string;
  /** The "Simulated market" chip and its text. */
  readonly warning: string;
  readonly onWarning: string;
}

/** The shell's static frame: ShellLayout's AppBar, Toolbar and Container as the theme sizes them. */
export interface FirstScreenFrame {
  readonly fontFamily: string;
  /** Toolbar heights: below `sm`, below `sm` in landscape, from `sm` (`theme.mixins.toolbar`). */
  readonly toolbar: { readonly minHeight: number; readonly landscape: number; readonly sm: number };
  /** The toolbar's and the main column's side padding below and from `sm` (px). */
  readonly gutters: { readonly xs: number; readonly sm: number };
  /** One spacing unit (px): the toolbar's vertical padding. */
  readonly unit: number;
  /** The gap between the toolbar's items and the main column's vertical padding (px). */
  readonly gap: number;
  readonly mainPaddingY: number;
  /** `Container maxWidth="xl"` (px). */
  readonly maxWidth: number;
  readonly breakpointSm: number;
  readonly borderRadius: number;
  /** The product name (`Typography variant="h6"`). */
  readonly title: {
    readonly fontSize: string;
    readonly lineHeight: number;
    readonly letterSpacing: string;
  };
  /** The select's text line and its shrunk label (px), from `body1`. */
  readonly inputLineHeight: number;
  readonly labelFontSize: number;
  /** A small chip's text. */
  readonly chipFontSize: string;
  readonly light: FirstScreenFrameColors;
  readonly dark: FirstScreenFrameColors;
}

/** The colours of an outlined banner (`Alert variant="outlined"`) of one severity. */
export interface FirstScreenBannerColors {
  readonly text: string;
  readonly border: string;
  readonly icon: string;
}

/** The colours the Alerts screen's first screen draws in, one mode. */
export interface FirstScreenAlertsColors {
  readonly text: string;
  readonly paper: string;
  readonly divider: string;
  /** Interval toggles: text, selected text and selected background. */
  readonly toggle: string;
  readonly toggleSelected: string;
  readonly toggleSelectedBackground: string;
  readonly link: string;
  readonly info: FirstScreenBannerColors;
  readonly warning: FirstScreenBannerColors;
}

/** The Alerts screen's top drawn before React: Banner, Card, SymbolPicker and IntervalPicker. */
export interface FirstScreenAlerts {
  readonly fontFamily: string;
  /** `spacing(2)` (px): the screen's and the card's spacing. */
  readonly spacing: number;
  readonly borderRadius: number;
  /** The banner's text (`body2`). */
  readonly banner: {
    readonly fontSize: string;
    readonly lineHeight: number;
    readonly letterSpacing: string;
  };
  /** A medium outlined button's text and height (px): the symbol picker. */
  readonly button: {
    readonly fontSize: string;
    readonly lineHeight: number;
    readonly fontWeight: number;
    readonly height: number;
  };
  /** A small toggle button's text and side padding (px): the interval picker. */
  readonly toggle: { readonly fontSize: string; readonly paddingX: number };
  readonly breakpoints: { readonly sm: number; readonly md: number };
  readonly light: FirstScreenAlertsColors;
  readonly dark: FirstScreenAlertsColors;
}

/** Both first screens' values, as `firstScreenTheme.json` holds them. */
export interface FirstScreenTheme {
  readonly frame: FirstScreenFrame;
  readonly alerts: FirstScreenAlerts;
}

/**
 * The sizes and colours of `createPairwatchTheme` that the Alerts screen's first screen
 * (`renderFirstScreen`, drawn before React and MUI load) uses, as plain values: generated from
 * the theme into `firstScreenTheme.json`, which `firstScreenTheme.test.ts` holds to the theme
 * (docs/architecture.md §7, "The first chart"). The shell's static frame takes the JSON's
 * `frame` at build time (html-webpack-plugin's template parameters).
 *
 * @example `style.textContent = \`.pwa{color:${FIRST_SCREEN_ALERTS.light.text}}\``
 */
export const FIRST_SCREEN_ALERTS: FirstScreenAlerts = values.alerts;
