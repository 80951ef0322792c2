/**
 * The colours of price moves, shared by candles, PnL and alert direction: green-teal for up,
 * red for down (spec §2: up candles `#26a69a`, down candles `#ef5350`).
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
