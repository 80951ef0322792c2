/** The spec's RSI lookback. */
export const RSI_LOOKBACK = 14;

/** The upper RSI guide line drawn on the RSI pane. */
export const RSI_OVERBOUGHT = 70;

/** The lower RSI guide line drawn on the RSI pane. */
export const RSI_OVERSOLD = 30;
