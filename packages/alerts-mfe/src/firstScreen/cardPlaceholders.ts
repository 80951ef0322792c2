/**
 * The space New Alert and Your alerts take below the chart card, reserved from the first paint
 * by the static first screen (`renderFirstScreen`) and by the Alerts screen until the cards have
 * rendered (`CardPlaceholders`), so the page has its final height before they come: nothing moves
 * when they do, not even the chart (a page that grows past the window gets a scrollbar, and a
 * scrollbar narrows the chart). The heights are those of the cards as a page opens them (an empty
 * form, no alerts); the browser suite compares them with the real cards
 * (e2e/tests/alerts-cards-first-paint.spec.ts).
 */
export const CARD_PLACEHOLDERS = {
  /** The width from which the cards sit side by side (MUI's `md` breakpoint), in CSS pixels. */
  sideBySideFrom: 900,
  /** Heights in CSS pixels, side by side (from `sideBySideFrom`) and stacked (below it). */
  newAlert: { sideBySide: 0, stacked: 0 },
  yourAlerts: { sideBySide: 0, stacked: 0 },
} as const;
