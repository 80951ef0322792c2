import {
  type Interval,
  type SymbolId,
  type SymbolInfo,
  DEFAULT_INTERVAL,
  DEFAULT_SYMBOL,
  ALERTS_STORE_KEY,
  persistedAlertsSymbol,
} from '@pairwatch/domain';
import { type AlertEntry, type AlertWithFirings, isUnreadableAlert } from '../alerts/AlertEntry';
import { sameSymbolInfo } from '../sameSymbolInfo';

/** Where the symbol info of the selected symbol is (product §4). */
export type SymbolInfoStatus = 'unloaded' | 'loading' | 'loaded';

/** The Alerts screen's state (product §3). */
export interface AlertsState {
  readonly symbol: SymbolId;
  readonly symbolInfo: SymbolInfo | undefined;
  readonly symbolInfoStatus: SymbolInfoStatus;
  /** The subscription's alerts, those the page cannot read included (their rows say so). */
  readonly alerts: readonly AlertEntry[];
  readonly interval: Interval;
}

const DEFAULTS: AlertsState = {
  symbol: DEFAULT_SYMBOL,
  symbolInfo: undefined,
  symbolInfoStatus: 'unloaded',
  alerts: [],
  interval: DEFAULT_INTERVAL,
};

/**
 * The Alerts screen's state with change notifications (for `useSyncExternalStore`). Only the
 * symbol is persisted, in the original app's `{ state: { symbol }, version }` shape, so a symbol
 * chosen there survives the move.
 */
export class AlertsStore {
  private state: AlertsState;
  private readonly listeners = new Set<() => void>();

  /** @param storage - where the symbol persists; `undefined` keeps it in memory only. */
  constructor(private readonly storage: Storage | undefined) {
    this.state = { ...DEFAULTS, symbol: readPersistedSymbol(storage) ?? DEFAULT_SYMBOL };
  }

  readonly getState = (): AlertsState => this.state;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Selects a symbol; its info must be loaded again. */
  setSymbol(symbol: SymbolId): void {
    if (symbol === this.state.symbol) return;
    this.set({ symbol, symbolInfo: undefined, symbolInfoStatus: 'unloaded' });
    this.persist();
  }

  setInterval(interval: Interval): void {
    if (interval !== this.state.interval) this.set({ interval });
  }

  /** The symbol info request for `symbol` started. */
  symbolInfoLoading(symbol: SymbolId): void {
    if (symbol === this.state.symbol) this.set({ symbolInfoStatus: 'loading' });
  }

  /**
   * The symbol info of `symbol` arrived; `undefined` when the api did not return it. An answer
   * equal to the info already held keeps that object, so a refetch with the same values changes
   * nothing downstream.
   */
  symbolInfoLoaded(symbol: SymbolId, info: SymbolInfo | undefined): void {
    if (symbol !== this.state.symbol) return; // an answer for a symbol no longer selected
    const current = this.state.symbolInfo;
    const symbolInfo = current && info && sameSymbolInfo(current, info) ? current : info;
    this.set({ symbolInfo, symbolInfoStatus: symbolInfo ? 'loaded' : 'unloaded' });
  }

  /**
   * The symbol info request for `symbol` failed: the last good info, if any, stays (a failed
   * refresh must not take the chart's format away).
   */
  symbolInfoFailed(symbol: SymbolId): void {
    if (symbol !== this.state.symbol) return;
    this.set({ symbolInfoStatus: this.state.symbolInfo ? 'loaded' : 'unloaded' });
  }

  setAlerts(alerts: readonly AlertEntry[]): void {
    this.set({ alerts });
  }

  /**
   * Replaces an alert with the same id (a live trigger); unknown ids are ignored. A trigger that
   * carries no firings keeps those already listed, with its own firing added, so the chart does
   * not lose the earlier markers of a repeating alert until the next reload.
   */
  updateAlert(alert: AlertEntry): void {
    const id = alert.id;
    if (id === undefined || !this.state.alerts.some((a) => a.id === id)) return;
    this.set({
      alerts: this.state.alerts.map((a) => (a.id === id ? withListedFirings(a, alert) : a)),
    });
  }

  removeAlert(id: string): void {
    this.set({ alerts: this.state.alerts.filter((a) => a.id !== id) });
  }

  /** Restores the defaults but keeps the chosen symbol (product §4). */
  reset(): void {
    this.set({ ...DEFAULTS, symbol: this.state.symbol });
  }

  private set(patch: Partial<AlertsState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of [...this.listeners]) listener();
  }

  private persist(): void {
    try {
      this.storage?.setItem(
        ALERTS_STORE_KEY,
        JSON.stringify({ state: { symbol: this.state.symbol }, version: 0 }),
      );
    } catch {
      // Storage full or blocked (private mode): the choice just does not survive a reload.
    }
  }
}

function withListedFirings(listed: AlertEntry, next: AlertEntry): AlertEntry {
  if (isUnreadableAlert(listed) || isUnreadableAlert(next) || next.firings !== undefined)
    return next;
  const earlier = listed.firings;
  if (earlier === undefined) return next;
  const at = next.lastTriggeredAt;
  const value = next.triggeredValue;
  const isNew = at !== undefined && value !== undefined && !earlier.some((f) => f.at === at);
  const firings: AlertWithFirings['firings'] = isNew ? [...earlier, { at, value }] : earlier;
  return { ...next, firings };
}

function readPersistedSymbol(storage: Storage | undefined): SymbolId | undefined {
  try {
    return persistedAlertsSymbol(storage?.getItem(ALERTS_STORE_KEY));
  } catch {
    return undefined; // storage blocked (private mode): fall back to the default
  }
}
