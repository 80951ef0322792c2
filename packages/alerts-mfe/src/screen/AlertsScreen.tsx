import { Suspense, lazy, startTransition, useCallback, useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import { useSearchParams } from 'react-router';
import { type Interval, type SymbolId } from '@pairwatch/domain';
import { type AlertEntry } from '../alerts/AlertEntry';
import { IntervalPicker, SymbolPicker, showToast } from '@pairwatch/ui-kit';
import { apiErrorDetail } from '../alerts/ApiError';
import { ALERTS_MESSAGES } from '../alertsMessages';
import { CandleChart } from '../chart/CandleChart';
import { type AddAlertRequest } from '../chart/ChartController';
import { type AlertPrefill } from '../form/NewAlertCard';
import { useAlertTriggers } from '../hooks/useAlertTriggers';
import { useAlertsList } from '../hooks/useAlertsList';
import { useAlertsState } from '../hooks/useAlertsState';
import { usePushState } from '../hooks/usePushState';
import { useSymbolInfo } from '../hooks/useSymbolInfo';
import { applyUrlSelection, useUrlSelection } from '../hooks/useUrlSelection';
import { AlertsStore } from '../store/AlertsStore';
import { visuallyHidden } from '../ui/visuallyHidden';
import { type AlertsServices } from './AlertsServices';
import { PushBanner } from './PushBanner';

const SYMBOL_PICKER_ID = 'alerts-symbol-picker';

// New Alert and Your alerts are their own chunk: the form brings formik, yup and lodash-es (about
// as much code as the chart library), which the first chart does not need to wait for
// (pnpm bench:web). They render after the chart anyway (see `showCards`).
const NewAlertCard = lazy(() =>
  import('../form/NewAlertCard').then((module) => ({ default: module.NewAlertCard })),
);
const AlertsTable = lazy(() =>
  import('../table/AlertsTable').then((module) => ({ default: module.AlertsTable })),
);

/** Props of {@link AlertsScreen}. */
export interface AlertsScreenProps {
  readonly services: AlertsServices;
  /** Where the selected symbol persists; the browser's localStorage by default. */
  readonly storage?: Storage;
}

function browserStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined; // blocked (e.g. some private modes): keep the choice in memory
  }
}

/**
 * The Alerts screen: push banner, symbol and interval pickers, the chart, 'New Alert' and
 * 'Your alerts'.
 */
export function AlertsScreen({ services, storage }: AlertsScreenProps) {
  const { market, alerts, push } = services;
  const [params] = useSearchParams();
  const [store] = useState(() => {
    const created = new AlertsStore(storage ?? browserStorage());
    applyUrlSelection(created, params);
    return created;
  });
  const state = useAlertsState(store);
  const pushState = usePushState(push);
  const [deleting, setDeleting] = useState<ReadonlySet<string>>(new Set());
  const [prefill, setPrefill] = useState<AlertPrefill | undefined>(undefined);
  // The chart first: New Alert and Your alerts (below it) render in a transition after the first
  // commit, so the candles do not wait for the form and the table to render (pnpm bench:web).
  const [showCards, setShowCards] = useState(false);
  useEffect(() => startTransition(() => setShowCards(true)), []);

  useUrlSelection(store);
  useSymbolInfo(store, market, state.symbol);
  const reload = useAlertsList(store, alerts, pushState.subscriptionId);
  useAlertTriggers(store, market, pushState.subscriptionId);

  useEffect(() => {
    push.start((error) => console.warn('[alerts] push registration failed:', error));
    return () => push.stop();
  }, [push]);

  const enablePush = useCallback(() => {
    push.enable().catch((error: unknown) => {
      showToast({
        variant: 'error',
        title: ALERTS_MESSAGES.errorTitle,
        description: error instanceof Error ? error.message : String(error),
      });
    });
  }, [push]);

  const addAlertFromChart = useCallback((request: AddAlertRequest) => {
    setPrefill((previous) => ({
      type: request.pane === 'rsi' ? 'Rsi' : 'Price',
      value: request.value,
      serial: (previous?.serial ?? 0) + 1,
    }));
  }, []);

  const selectFromTable = useCallback(
    (symbol: SymbolId, interval: Interval) => {
      store.setSymbol(symbol);
      store.setInterval(interval);
      window.scrollTo({ top: 0, behavior: 'smooth' });
    },
    [store],
  );

  const deleteAlert = useCallback(
    async (alert: AlertEntry) => {
      const subscriptionId = pushState.subscriptionId;
      const id = alert.id;
      // An alert the page could not read may have come without an id: it has no delete button.
      if (!subscriptionId || id === undefined) return;
      setDeleting((ids) => new Set(ids).add(id));
      try {
        await alerts.deleteAlert(id, subscriptionId);
        store.removeAlert(id);
        showToast({ variant: 'success', description: ALERTS_MESSAGES.deleted });
      } catch (error) {
        showToast({
          variant: 'error',
          title: ALERTS_MESSAGES.errorTitle,
          description: apiErrorDetail(error) ?? ALERTS_MESSAGES.deleteFailed,
        });
      } finally {
        setDeleting((ids) => {
          const next = new Set(ids);
          next.delete(id);
          return next;
        });
      }
    },
    [alerts, store, pushState.subscriptionId],
  );

  return (
    <Stack spacing={2} sx={{ py: 2 }}>
      <PushBanner status={pushState.status} problem={pushState.problem} onEnable={enablePush} />
      <Card variant="outlined" sx={{ p: 2 }}>
        {/* Outside the toolbar: a hidden child would still take the Stack's spacing. */}
        <Box component="label" htmlFor={SYMBOL_PICKER_ID} sx={visuallyHidden}>
          Symbol
        </Box>
        {/* A gap, not Stack's left margins: a picker wrapped onto a row of its own would keep
            its margin and end in the card's padding on a phone. */}
        <Stack
          direction="row"
          spacing={2}
          useFlexGap
          sx={{ mb: 2, flexWrap: 'wrap', alignItems: 'center', rowGap: 1 }}
        >
          <SymbolPicker
            id={SYMBOL_PICKER_ID}
            value={state.symbol}
            onChange={(symbol) => store.setSymbol(symbol)}
          />
          <IntervalPicker
            value={state.interval}
            onChange={(interval) => store.setInterval(interval)}
          />
        </Stack>
        <CandleChart
          market={market}
          symbol={state.symbol}
          interval={state.interval}
          symbolInfo={state.symbolInfo}
          symbolInfoStatus={state.symbolInfoStatus}
          alerts={state.alerts}
          onAddAlert={addAlertFromChart}
        />
      </Card>
      {showCards && (
        <Suspense fallback={null}>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', md: 'minmax(280px, 1fr) 2fr' },
              alignItems: 'start',
            }}
          >
            <NewAlertCard
              symbol={state.symbol}
              interval={state.interval}
              symbolInfo={state.symbolInfo}
              market={market}
              pushActive={pushState.status === 'active'}
              subscriptionId={pushState.subscriptionId}
              alerts={alerts}
              onCreated={() => void reload()}
              prefill={prefill}
            />
            <AlertsTable
              alerts={state.alerts}
              selectedSymbol={state.symbol}
              symbolInfo={state.symbolInfo}
              onSelect={selectFromTable}
              onDelete={(alert) => void deleteAlert(alert)}
              deleting={deleting}
            />
          </Box>
        </Suspense>
      )}
    </Stack>
  );
}
