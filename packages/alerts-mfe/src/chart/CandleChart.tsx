import { useEffect, useMemo, useRef } from 'react';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { type Interval, type SymbolId, type SymbolInfo } from '@pairwatch/domain';
import { type AlertEntry } from '../alerts/AlertEntry';
import { MARKET_DATA_MESSAGES } from '@pairwatch/market-data';
import { showToast } from '@pairwatch/ui-kit';
import { ALERTS_MESSAGES } from '../alertsMessages';
import { type AlertsMarketData } from '../screen/AlertsServices';
import { type SymbolInfoStatus } from '../store/AlertsStore';
import { type AddAlertRequest, type ChartAppearance, ChartController } from './ChartController';
import { adoptFirstChart } from '../firstScreen/firstChartSlot';
import { chartAppearance } from './chartAppearance';
import { CHART_HEIGHT } from './chartConstants';
import { createMarketFeed } from './createMarketFeed';
import { LastCandlesStore } from './LastCandlesStore';
import { RememberingFeed } from './RememberingFeed';
import { sharedOfflinePrices } from './sharedOfflinePrices';
import { showOfflineNotice } from './showOfflineNotice';
import { installChartTestHook } from './installChartTestHook';
import { markFirstCandles } from './markFirstCandles';
import { markLatestCandles } from './markLatestCandles';

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
  /** The user's alerts: Active ones of this symbol are drawn as levels, their firings as markers. */
  readonly alerts: readonly AlertEntry[];
  /** The "+" on the axis or Alt+A asked for an alert at a level (nothing is created here). */
  readonly onAddAlert: (request: AddAlertRequest) => void;
}

function browserStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined; // blocked: the chart works online only
  }
}

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
  alerts,
  onAddAlert,
}: CandleChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const controller = useRef<ChartController | undefined>(undefined);
  const theme = useTheme();
  const mode = theme.palette.mode;
  const appearance = useMemo<ChartAppearance>(() => chartAppearance(mode), [mode]);
  const initialAppearance = useRef(appearance);
  // The controller lives as long as the mount; it calls whatever handler is current.
  const addAlert = useRef(onAddAlert);
  addAlert.current = onAddAlert;

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const onLoadError = (error: unknown) => {
      showToast({
        variant: 'error',
        title: ALERTS_MESSAGES.errorTitle,
        description: MARKET_DATA_MESSAGES.candles,
        key: CANDLES_FAILED_TOAST,
      });
      console.warn('[alerts] candles failed:', error);
    };
    const onAddAlert = (request: AddAlertRequest) => addAlert.current(request);
    // The chart the page drew before React, if it is still waiting (docs/architecture.md §7).
    const first = adoptFirstChart();
    // The first chart's feed already remembers (and catches up) around the one handed over.
    let stopOffline = () => {};
    let created: ChartController;
    if (first) {
      created = first.adopt(element, createMarketFeed(market), { onLoadError, onAddAlert });
    } else {
      const feed = new RememberingFeed(createMarketFeed(market), {
        store: new LastCandlesStore(browserStorage()),
        offline: sharedOfflinePrices,
      });
      created = new ChartController(element, {
        feed,
        appearance: initialAppearance.current,
        onLoadError,
        onAddAlert,
        onFirstCandlesDrawn: markFirstCandles,
        onLatestCandlesDrawn: markLatestCandles,
      });
      const stopCatchUp = feed.startCatchUp(() => created.reload());
      const hideNotice = showOfflineNotice(element, sharedOfflinePrices);
      stopOffline = () => {
        stopCatchUp();
        hideNotice();
        sharedOfflinePrices.set(undefined);
      };
    }
    controller.current = created;
    const uninstallHook = installChartTestHook(created);
    return () => {
      stopOffline();
      uninstallHook();
      created.dispose();
      // The adopted chart's own element stays in the box otherwise (a remount makes a new chart).
      first?.element.remove();
      controller.current = undefined;
    };
  }, [market]);

  useEffect(() => {
    controller.current?.setAppearance(appearance);
  }, [appearance]);

  useEffect(() => {
    controller.current?.setAlerts(alerts);
  }, [alerts]);

  // Alt+A: an alert at the last price, the keyboard way to the "+" (TradingView's shortcut).
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!event.altKey || event.ctrlKey || event.metaKey || event.code !== 'KeyA') return;
      if (controller.current?.offerAlertAtLastPrice()) event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const symbolInfoLoading = symbolInfoStatus === 'loading';
  useEffect(() => {
    controller.current?.show({ symbol, interval, symbolInfo, symbolInfoLoading });
  }, [market, symbol, interval, symbolInfo, symbolInfoLoading]);

  return (
    <Box
      ref={container}
      data-testid="candle-chart"
      aria-label={`${symbol} candlestick chart with RSI`}
      aria-keyshortcuts="Alt+A"
      aria-description="Alt+A adds an alert at the last price."
      // A figure, not an img: the chart holds a focusable link (the library's attribution), and an
      // img's content is presentational (axe: nested-interactive).
      role="figure"
      sx={{ height: CHART_HEIGHT, width: '100%', position: 'relative' }}
    />
  );
}
