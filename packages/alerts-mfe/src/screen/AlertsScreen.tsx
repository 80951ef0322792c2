import { startTransition, useCallback, useEffect, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import { useSearchParams } from 'react-router';
import { type Interval, type SymbolId } from '@pairwatch/domain';
import { type AlertEntry } from '../alerts/AlertEntry';
import { closeToast, IntervalPicker, SymbolPicker, showToast } from '@pairwatch/ui-kit';
import { apiErrorDetail } from '../alerts/ApiError';
import { ALERTS_MESSAGES } from '../alertsMessages';
import { CandleChart } from '../chart/CandleChart';
import { type AddAlertRequest } from '../chart/ChartController';
import { type AlertPrefill, NewAlertCard } from '../form/NewAlertCard';
import { useAlertTriggers } from '../hooks/useAlertTriggers';
import { useAlertsList } from '../hooks/useAlertsList';
import { useAlertsState } from '../hooks/useAlertsState';
import { usePushState } from '../hooks/usePushState';
import { useChannels } from '../hooks/useChannels';
import { useOffline } from '../hooks/useOffline';
import { useOwnerId } from '../hooks/useOwnerId';
import { createAlertReason, isReachableChannel } from '../channels/createAlertReason';
import {
  readReachableChannelHint,
  writeReachableChannelHint,
} from '../channels/reachableChannelHint';
import { WhereAlertsGoCard } from '../channels/WhereAlertsGoCard';
import { useListedSymbol } from '../hooks/useListedSymbol';
import { useSymbolCatalogue } from '../hooks/useSymbolCatalogue';
import { useSymbolInfo } from '../hooks/useSymbolInfo';
import { applyUrlSelection, useUrlSelection } from '../hooks/useUrlSelection';
import { AlertsStore } from '../store/AlertsStore';
import { AlertsTable } from '../table/AlertsTable';
import { visuallyHidden } from '../ui/visuallyHidden';
import { type AlertsServices } from './AlertsServices';
import { CardPlaceholders } from './CardPlaceholders';
import { PendingDeletes } from './PendingDeletes';
import { PushBanner } from './PushBanner';

const SYMBOL_PICKER_ID = 'alerts-symbol-picker';

/**
 * A deleted alert's DELETE waits for its toast (and Undo) to go; this long at most, should the
 * toast never close (twice the toaster's 5 s, product §9).
 */
const UNDO_FALLBACK_MS = 10_000;

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
  const { market, alerts, push, owner, channels: channelsApi } = services;
  const [params] = useSearchParams();
  const [store] = useState(() => {
    const created = new AlertsStore(storage ?? browserStorage());
    applyUrlSelection(created, params);
    return created;
  });
  const state = useAlertsState(store);
  const pushState = usePushState(push);
  // The key of the alerts: this browser's owner (its push subscription id, for a legacy browser).
  const ownerId = useOwnerId(owner);
  const channels = useChannels(channelsApi, ownerId);
  // Until the channels are read, what this browser saw last time (the first screen decided the
  // banner by it too); then the list, remembered for the next visit.
  const otherChannel = channels.loaded
    ? channels.channels.some(isReachableChannel)
    : readReachableChannelHint(storage ?? browserStorage());
  useEffect(() => {
    if (channels.loaded) writeReachableChannelHint(storage ?? browserStorage(), otherChannel);
  }, [channels.loaded, otherChannel, storage]);
  // Deleted alerts are hidden at once; their DELETE waits for the Undo in the toast to go.
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [pendingDeletes] = useState(() => new PendingDeletes(UNDO_FALLBACK_MS));
  const visibleAlerts = useMemo(
    () =>
      hidden.size === 0
        ? state.alerts
        : state.alerts.filter((alert) => alert.id === undefined || !hidden.has(alert.id)),
    [state.alerts, hidden],
  );
  const [prefill, setPrefill] = useState<AlertPrefill | undefined>(undefined);
  // The chart first: New Alert and Your alerts (below it) render in a transition after the first
  // commit, so the candles do not wait for the form and the table to render (pnpm bench:web);
  // their placeholders hold the space meanwhile. Their code is the screen's own (not a chunk of
  // its own, loaded after it): the shell has it downloaded while the first chart draws
  // (docs/architecture.md §7, "The first chart").
  const [showCards, setShowCards] = useState(false);
  const offline = useOffline();
  useEffect(() => startTransition(() => setShowCards(true)), []);

  useUrlSelection(store);
  useSymbolInfo(store, market, state.symbol);
  const catalogue = useSymbolCatalogue(market);
  useListedSymbol(store, state.symbol, catalogue);
  const reload = useAlertsList(store, alerts, ownerId);
  useAlertTriggers(store, market, ownerId);
  const deliveries = useMemo(
    () => ({
      load: (alertId: string) =>
        ownerId === undefined ? Promise.resolve([]) : channelsApi.listDeliveries(alertId, ownerId),
      channels: channels.channels,
    }),
    [channelsApi, ownerId, channels.channels],
  );

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
    (alert: AlertEntry) => {
      const id = alert.id;
      // An alert the page could not read may have come without an id: it has no delete button.
      if (!ownerId || id === undefined) return;
      const show = (shown: boolean) =>
        setHidden((ids) => {
          const next = new Set(ids);
          if (shown) next.delete(id);
          else next.add(id);
          return next;
        });
      show(false);
      const toastKey = `alert-deleted-${id}`;
      pendingDeletes.add(
        id,
        (keepalive) => {
          alerts.deleteAlert(id, ownerId, { keepalive }).then(
            () => {
              store.removeAlert(id);
              show(true);
            },
            (error: unknown) => {
              show(true); // the row comes back: it was not deleted
              showToast({
                variant: 'error',
                title: ALERTS_MESSAGES.errorTitle,
                description: apiErrorDetail(error) ?? ALERTS_MESSAGES.deleteFailed,
              });
            },
          );
        },
        // Sent by the fallback with the toast still open: its Undo goes with it.
        () => closeToast(toastKey),
      );
      showToast({
        variant: 'success',
        key: toastKey,
        description: ALERTS_MESSAGES.deleted,
        action: {
          label: 'Undo',
          onClick: () => {
            if (pendingDeletes.cancel(id)) show(true);
          },
        },
        onDismissed: () => pendingDeletes.commit(id),
      });
    },
    [alerts, store, ownerId, pendingDeletes],
  );

  return (
    <Stack spacing={2} sx={{ py: 2 }}>
      {/* With a webhook or a Telegram chat, alerts reach the trader without push: the banner's
          "alerts need push" would be wrong, and the push row of Where alerts go says the rest. */}
      {otherChannel ? null : (
        <PushBanner status={pushState.status} problem={pushState.problem} onEnable={enablePush} />
      )}
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
            symbols={catalogue}
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
          alerts={visibleAlerts}
          onAddAlert={addAlertFromChart}
        />
      </Card>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(280px, 1fr) 2fr' },
          alignItems: 'start',
        }}
      >
        {showCards ? (
          <>
            <NewAlertCard
              symbol={state.symbol}
              interval={state.interval}
              symbolInfo={state.symbolInfo}
              market={market}
              createReason={
                offline
                  ? ALERTS_MESSAGES.createNeedsConnection
                  : createAlertReason(
                      pushState,
                      channels.channels,
                      channels.kinds?.includes('telegram') ?? false,
                    )
              }
              ownerId={ownerId}
              alerts={alerts}
              onCreated={() => void reload()}
              prefill={prefill}
            />
            <AlertsTable
              alerts={visibleAlerts}
              selectedSymbol={state.symbol}
              symbolInfo={state.symbolInfo}
              catalogue={catalogue}
              onSelect={selectFromTable}
              onDelete={deleteAlert}
              deliveries={deliveries}
            />
          </>
        ) : (
          <CardPlaceholders />
        )}
      </Box>
      {/* Below the cards, after them: the first screen keeps no space for it. */}
      {showCards ? (
        <WhereAlertsGoCard
          push={pushState}
          onEnablePush={enablePush}
          channels={channels}
          api={channelsApi}
          owner={owner}
        />
      ) : null}
    </Stack>
  );
}
