/** Height of the RSI pane in CSS pixels (product §9). */
export const RSI_PANE_HEIGHT = 140;
/** Candles per page, for the first load and every older page (product §9). */
export const CANDLE_PAGE_SIZE = 500;
/** Delay before RSI data is drawn after a bulk load (product §9). */
export const RSI_DRAW_DELAY_MS = 50;
/** Watermark texts (product §2). */
export const WATERMARK_SYMBOL_INFO = 'Loading symbol info...';
export const WATERMARK_HISTORY = 'Loading historical data...';
/** Default price format when the symbol info gives none (product §2: 2 decimals). */
export const DEFAULT_PRICE_FORMAT = { precision: 2, minMove: 0.01 } as const;
