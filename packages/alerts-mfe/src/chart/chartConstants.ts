// The chart's dimensions and fixed texts, in one place; browser tests read them through
// `@pairwatch/alerts-mfe/testing` instead of repeating the numbers.

/** Height of the RSI pane in CSS pixels (product §9). */
export const RSI_PANE_HEIGHT = 140;
/** Height of the whole chart in CSS pixels: the price pane gets what the RSI pane leaves. */
export const CHART_HEIGHT = 520;
/**
 * The performance mark set when a chart session first draws candles (read by browser tests):
 * kept ones on a repeat visit (`detail.kept`), else the api's.
 */
export const FIRST_CANDLES_MARK = 'pairwatch:alerts:first-candles';
/** The performance mark set when a chart session draws its latest page from the api. */
export const LATEST_CANDLES_MARK = 'pairwatch:alerts:latest-candles';
/** Candles per page, for the first load and every older page (product §9). */
export const CANDLE_PAGE_SIZE = 500;
/** Delay before RSI data is drawn after a bulk load (product §9). */
export const RSI_DRAW_DELAY_MS = 50;
/** Watermark texts (product §2). */
export const WATERMARK_SYMBOL_INFO = 'Loading symbol info...';
export const WATERMARK_HISTORY = 'Loading historical data...';
/** Default price format when the symbol info gives none (product §2: 2 decimals). */
export const DEFAULT_PRICE_FORMAT = { precision: 2, minMove: 0.01 } as const;
/** The accessible name of the "auto" button shown while the price axis is scaled by hand. */
export const AUTO_SCALE_LABEL = 'Auto-scale price axis';
