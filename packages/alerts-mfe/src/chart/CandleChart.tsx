import { useEffect, useMemo, useRef } from 'react';
import Box from '@mui/material/Box';
import { alpha, useTheme } from '@mui/material/styles';
import { type Interval, type SymbolId, type SymbolInfo } from '@pairwatch/domain';
import { MARKET_DATA_MESSAGES } from '@pairwatch/market-data';
import { ALERTS_MESSAGES } from '../alertsMessages';
import { type AlertsMarketData } from '../screen/AlertsServices';
import { type SymbolInfoStatus } from '../store/AlertsStore';
import { showToast } from '../ui/showToast';
import { type ChartAppearance, ChartController } from './ChartController';
import { createMarketFeed } from './createMarketFeed';
import { installChartTestHook } from './installChartTestHook';

/** Props of {@link CandleChart}. */
export interface CandleChartProps {
  readonly market: AlertsMarketData;
  readonly symbol: SymbolId;
  readonly interval: Interval;
  /** The symbol's info; `undefined` while it loads or when none came. */
  readonly symbolInfo: SymbolInfo | undefined;
  /**
   * Without info, 'loading' makes the chart wait for it (price format) before drawing; otherwise
   * it draws with the symbol's default format.
   */
  readonly symbolInfoStatus: SymbolInfoStatus;
}

/** The performance mark set when a chart session first draws candles (read by browser tests). */
export const FIRST_CANDLES_MARK = 'pairwatch:alerts:first-candles';

/** Total height: the price pane gets what the 140 px RSI pane leaves. */
const CHART_HEIGHT = 520;

/** One candles error toast at a time: a failed older page is retried on every later scroll. */
const CANDLES_FAILED_TOAST = 'alerts-candles-failed';

/**
 * The candlestick chart with its RSI pane. The chart is created once per mount and driven
 * imperatively by a {@link ChartController}; props only tell it what to show.
 */
export function CandleChart({
  market,
  symbol,
  interval,
  symbolInfo,
  symbolInfoStatus,
}: CandleChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const controller = useRef<ChartController | undefined>(undefined);
  const theme = useTheme();
  const appearance = useMemo<ChartAppearance>(
    () => ({
      textColor: theme.palette.text.secondary,
      gridColor: theme.palette.divider,
      watermarkColor: alpha(theme.palette.text.primary, 0.2),
    }),
    [theme],
  );
  const initialAppearance = useRef(appearance);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const created = new ChartController(element, {
      feed: createMarketFeed(market),
      appearance: initialAppearance.current,
      onLoadError: (error) => {
        showToast({
          variant: 'error',
          title: ALERTS_MESSAGES.errorTitle,
          description: MARKET_DATA_MESSAGES.candles,
          key: CANDLES_FAILED_TOAST,
        });
        console.warn('[alerts] candles failed:', error);
      },
      onFirstCandlesDrawn: (view, bars) => {
        if (typeof performance.mark !== 'function') return; // e.g. jsdom
        performance.mark(FIRST_CANDLES_MARK, {
          detail: { symbol: view.symbol, interval: view.interval, bars },
        });
      },
    });
    controller.current = created;
    const uninstallHook = installChartTestHook(created);
    return () => {
      uninstallHook();
      created.dispose();
      controller.current = undefined;
    };
  }, [market]);

  useEffect(() => {
    controller.current?.setAppearance(appearance);
  }, [appearance]);

  const symbolInfoLoading = symbolInfoStatus === 'loading';
  useEffect(() => {
    controller.current?.show({ symbol, interval, symbolInfo, symbolInfoLoading });
  }, [market, symbol, interval, symbolInfo, symbolInfoLoading]);

  return (
    <Box
      ref={container}
      data-testid="candle-chart"
      aria-label={`${symbol} candlestick chart with RSI`}
      // A figure, not an img: the chart holds a focusable link (the library's attribution), and an
      // img's content is presentational (axe: nested-interactive).
      role="figure"
      sx={{ height: CHART_HEIGHT, width: '100%', position: 'relative' }}
    />
  );
}
