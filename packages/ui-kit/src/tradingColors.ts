/**
 * The colours of price moves, shared by candles, PnL and alert direction: green-teal for up,
 * red for down (product §2: up candles `#26a69a`, down candles `#ef5350`).
 *
 * @example
 * ```tsx
 * <span style={{ color: pnl.amount >= 0 ? TRADING_COLORS.up : TRADING_COLORS.down }} />
 * ```
 */
export const TRADING_COLORS = {
  up: '#26a69a',
  down: '#ef5350',
} as const;

/**
 * Theme colours for price-move TEXT (PnL, Buy/Sell, a bullish target), for `sx` props. The candle
 * colours are too light for text on white (3.0:1 and 3.5:1, WCAG AA wants 4.5:1), so the theme
 * maps these to darker shades in light mode and to the candle colours in dark mode.
 *
 * @example `<Box component="span" sx={{ color: TRADING_TEXT_COLORS.up }}>+12.50</Box>`
 */
export const TRADING_TEXT_COLORS = {
  up: 'success.main',
  down: 'error.main',
} as const;
