// `@pairwatch/alerts-mfe/testing`: what the browser tests and the web benchmark need to know about
// the alerts screen, so that they read the numbers instead of repeating them. Only constants and
// types: it must load in Node without React, MUI or a canvas.
export {
  CHART_HEIGHT,
  FIRST_CANDLES_MARK,
  LATEST_CANDLES_MARK,
  RSI_PANE_HEIGHT,
  WATERMARK_HISTORY,
} from './chart/chartConstants';
export { type ChartTestHook } from './chart/installChartTestHook';
