/**
 * Space between the attribution logo and the corner's edges (the price axis' left edge, the time
 * axis' top edge), in CSS pixels. The corner is the price axis' width by the time axis' height
 * (at least 28 px high with the library's 12 px font; the logo is 35 × 19 px).
 */
const CORNER_INSET = { left: 6, top: 5 } as const;

/**
 * Narrowest the price axis may get, in CSS pixels: the logo (35 px) with its inset on both sides,
 * so the corner under the axis always holds it, whatever the pair's price labels.
 */
export const PRICE_AXIS_MIN_WIDTH = 35 + 2 * CORNER_INSET.left;

/**
 * Moves lightweight-charts' attribution logo into the empty corner under the price axis, right of
 * the time axis, where it covers no candle, RSI value or label.
 *
 * @remarks The logo is the link to tradingview.com that the library's licence asks the page to
 * show (its README: "You can use the `attributionLogo` chart option … which will satisfy the link
 * requirement"), so it stays on. The library pins it 10 px from the bottom-left corner of the last
 * pane, the RSI pane here: on a 390 px phone it covered the RSI candles' left end. It is placed
 * by a style rule, not by moving the element: the library re-creates the element (when the theme
 * turns dark or light) and removes it from the pane cell it put it in. The rule is more specific
 * than the library's own `a#tv-attr-logo` rule; its box is the pane cell (`position: relative`),
 * so 100 % is the pane's right and bottom edge, the corner's top-left.
 * @returns the teardown (removes the rule).
 */
export function placeAttributionLogo(container: HTMLElement): () => void {
  const style = container.ownerDocument.createElement('style');
  style.textContent =
    '.tv-lightweight-charts td > a#tv-attr-logo {' +
    ` left: calc(100% + ${CORNER_INSET.left}px); top: calc(100% + ${CORNER_INSET.top}px);` +
    ' right: auto; bottom: auto; }';
  container.appendChild(style);
  return () => style.remove();
}
