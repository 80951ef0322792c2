import {
  type Alert,
  type Interval,
  type SymbolId,
  type SymbolInfo,
  DEFAULT_INTERVAL,
  DEFAULT_SYMBOL,
  ALERTS_STORE_KEY,
  persistedAlertsSymbol,
} from '@pairwatch/domain';
import { sameSymbolInfo } from '../sameSymbolInfo';

/** Where the symbol info of the selected symbol is (product §4). */
export type SymbolInfoStatus = 'unloaded' | 'loading' | 'loaded';

/** The Alerts screen's state (product §3). */
export interface AlertsState {
  readonly symbol: SymbolId;
  readonly symbolInfo: SymbolInfo | undefined;
  readonly symbolInfoStatus: SymbolInfoStatus;
  readonly alerts: readonly Alert[];
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
  private _state: AlertsState;
  private readonly _listeners = new Set<() => void>();

  /** @param _storage - where the symbol persists; `undefined` keeps it in memory only. */
  public constructor(private readonly _storage: Storage | undefined) {
    this._state = { ...DEFAULTS, symbol: readPersistedSymbol(_storage) ?? DEFAULT_SYMBOL };
  }

  public readonly getState = (): AlertsState => this._state;

  public readonly subscribe = (listener: () => void): (() => void) => {
    this._listeners.add(listener);
    return () => this._listeners.delete(listener);
  };

  /** Selects a symbol; its info must be loaded again. */
  public setSymbol(symbol: SymbolId): void {
    if (symbol === this._state.symbol) return;
    this._set({ symbol, symbolInfo: undefined, symbolInfoStatus: 'unloaded' });
    this._persist();
  }

  public setInterval(interval: Interval): void {
    if (interval !== this._state.interval) this._set({ interval });
  }

  /** The symbol info request for `symbol` started. */
  public symbolInfoLoading(symbol: SymbolId): void {
    if (symbol === this._state.symbol) this._set({ symbolInfoStatus: 'loading' });
  }

  /**
   * The symbol info of `symbol` arrived; `undefined` when the api did not return it. An answer
   * equal to the info already held keeps that object, so a refetch with the same values changes
   * nothing downstream.
   */
  public symbolInfoLoaded(symbol: SymbolId, info: SymbolInfo | undefined): void {
    if (symbol !== this._state.symbol) return; // an answer for a symbol no longer selected
    const current = this._state.symbolInfo;
    const symbolInfo = current && info && sameSymbolInfo(current, info) ? current : info;
    this._set({ symbolInfo, symbolInfoStatus: symbolInfo ? 'loaded' : 'unloaded' });
  }

  /**
   * The symbol info request for `symbol` failed: the last good info, if any, stays (a failed
   * refresh must not take the chart's format away).
   */
  public symbolInfoFailed(symbol: SymbolId): void {
    if (symbol !== this._state.symbol) return;
    this._set({ symbolInfoStatus: this._state.symbolInfo ? 'loaded' : 'unloaded' });
  }

  public setAlerts(alerts: readonly Alert[]): void {
    this._set({ alerts });
  }

  /** Replaces an alert with the same id (a live trigger); unknown ids are ignored. */
  public updateAlert(alert: Alert): void {
    if (!this._state.alerts.some((a) => a.id === alert.id)) return;
    this._set({ alerts: this._state.alerts.map((a) => (a.id === alert.id ? alert : a)) });
  }

  public removeAlert(id: string): void {
    this._set({ alerts: this._state.alerts.filter((a) => a.id !== id) });
  }

  /** Restores the defaults but keeps the chosen symbol (product §4). */
  public reset(): void {
    this._set({ ...DEFAULTS, symbol: this._state.symbol });
  }

  private _set(patch: Partial<AlertsState>): void {
    this._state = { ...this._state, ...patch };
    for (const listener of [...this._listeners]) listener();
  }

  private _persist(): void {
    try {
      this._storage?.setItem(
        ALERTS_STORE_KEY,
        JSON.stringify({ state: { symbol: this._state.symbol }, version: 0 }),
      );
    } catch {
      // Storage full or blocked (private mode): the choice just does not survive a reload.
    }
  }
}

function readPersistedSymbol(storage: Storage | undefined): SymbolId | undefined {
  try {
    return persistedAlertsSymbol(storage?.getItem(ALERTS_STORE_KEY));
  } catch {
    return undefined; // storage blocked (private mode): fall back to the default
  }
}
