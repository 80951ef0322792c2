// `@pairwatch/ui-kit/colors`: the theme's colours (and the first screen's sizes) without React or
// MUI. Not a Module Federation shared module (only `@pairwatch/ui-kit` itself is), so code that
// must run before the shared singletons load (the first chart, docs/architecture.md §7) bundles
// these few constants.
export { PAIRWATCH_FONT_FAMILY } from './pairwatchFontFamily';
export { PAIRWATCH_PALETTE, type PairwatchModePalette } from './pairwatchPalette';
export { TRADING_COLORS } from './tradingColors';
export {
  FIRST_SCREEN_ALERTS,
  type FirstScreenAlertsColors,
  type FirstScreenTheme,
} from './firstScreenTheme';
