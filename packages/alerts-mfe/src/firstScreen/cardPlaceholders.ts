import { FIRST_SCREEN_ALERTS } from '@pairwatch/ui-kit/colors';

/**
 * The space New Alert and Your alerts take below the chart card, kept from the first paint by
 * the static first screen (`renderFirstScreen`) and by the Alerts screen until the cards have
 * rendered (`CardPlaceholders`), so the page has its final height before they come: nothing moves
 * when they do, not even the chart (a page that grows past the window gets a scrollbar, and a
 * scrollbar narrows the chart). The heights, in CSS pixels, are those of the cards as a page
 * opens them (an empty form, no alerts yet), measured in Chromium; the browser suite compares
 * them with the real cards (e2e/tests/alerts-cards-first-paint.spec.ts).
 */
export const CARD_PLACEHOLDERS = {
  /** From this width the cards sit side by side (the theme's `md` breakpoint). */
  sideBySideFrom: FIRST_SCREEN_ALERTS.breakpoints.md,
  /** Below this width Your alerts lists its alerts stacked (the theme's `sm` breakpoint). */
  phoneBelow: FIRST_SCREEN_ALERTS.breakpoints.sm,
  newAlert: 613.22,
  yourAlerts: { phone: 131.02, wider: 196.02 },
} as const;
