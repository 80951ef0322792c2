import { type Hub } from '@pairwatch/signalr-server';
import { type ClusterCoordinator } from '../cluster/ClusterCoordinator';
import { type ClusterEvent } from '../cluster/ClusterEvent';
import { type MarketData } from '../market/MarketData';
import { type AlertStore } from '../storage/AlertStore';
import { OneShotTimer } from '../util/OneShotTimer';
import { AlertEngine, type AlertEngineLogger } from './AlertEngine';
import { alertsGroup } from './alertsGroup';
import { toAlertJson } from './toAlertJson';

/** Options of {@link AlertsRuntime}. */
export interface AlertsRuntimeOptions {
  readonly store: AlertStore;
  readonly marketData: MarketData;
  readonly coordinator: ClusterCoordinator;
  /** `AlertTriggered` goes to this process's hub group of the alert's subscription. */
  readonly hub: Hub<object>;
  readonly logger: AlertEngineLogger;
  /** Called when this process's engine queued a push message (wakes the sender). */
  readonly onMessageQueued: () => void;
  /**
   * How often the leader checks its watched alerts against the table, in case a notification was
   * lost (a process died between its write and its NOTIFY). Default 300 000 ms; 0 turns it off.
   */
  readonly reconcileIntervalMs?: number;
  /** Wait before starting the engine again after its start failed. Default 5 000 ms. */
  readonly restartDelayMs?: number;
  /** Passed to the engine. */
  readonly replayRetryMs?: number;
  readonly now?: () => number;
}

/**
 * What runs behind the alerts routes in one api process, whichever database is behind it:
 *
 * - while the coordinator says this process leads, an {@link AlertEngine} (a new one per term:
 *   it loads the active alerts and replays from the evaluation marks, so a process taking over
 *   from a dead leader catches up on what nobody evaluated meanwhile);
 * - alert changes are {@link AlertsRuntime.announce}d through the coordinator once committed,
 *   and every process applies them: the leader's engine watches created alerts and forgets
 *   deleted or triggered ones, and every process sends `AlertTriggered` to its own hub group.
 *   Events carry ids only; the rows are read again, so a late or reordered event is harmless.
 *
 * Leadership changes, events and reconciliations run one at a time, in order.
 */
/** How the alerts half of this process is doing, for `GET /status`. */
export interface AlertsHealth {
  /** `leader`: this process runs the alert engine; `follower`: another one does. */
  readonly role: 'leader' | 'follower';
  /** The last error the engine or the runtime logged, and when (ms), if any. */
  readonly lastFailure: { readonly at: number; readonly message: string } | undefined;
}

export class AlertsRuntime {
  private _engine: AlertEngine | undefined;
  private _lastFailure: AlertsHealth['lastFailure'];
  /** The logger given to the engine and used here: it remembers the last error for health(). */
  private readonly _logger: AlertEngineLogger;
  private _serial: Promise<void> = Promise.resolve();
  private readonly _timer = new OneShotTimer();
  private _closed = false;

  public constructor(private readonly _options: AlertsRuntimeOptions) {
    const { logger } = _options;
    const now = _options.now ?? Date.now;
    this._logger = {
      info: (object, message) => logger.info(object, message),
      warn: (object, message) => logger.warn(object, message),
      error: (object, message) => {
        this._lastFailure = { at: now(), message };
        logger.error(object, message);
      },
    };
    _options.coordinator.onLeadershipChange((leading) =>
      this._serially(() => (leading ? this._lead() : this._follow())),
    );
    _options.coordinator.onEvent((event) => this._serially(() => this._apply(event)));
  }

  /** The engine of this process while it leads; undefined while another process does. */
  public get engine(): AlertEngine | undefined {
    return this._engine;
  }

  /** Whether this process leads the engine, and the last failure it logged. */
  public health(): AlertsHealth {
    return { role: this._engine ? 'leader' : 'follower', lastFailure: this._lastFailure };
  }

  /** Joins the cluster (and starts the engine if this process leads). */
  public async start(): Promise<void> {
    await this._options.coordinator.start();
  }

  /**
   * Tells every api process about a committed alert change. Never throws: the change is stored
   * either way, and a lost event is caught up by the leader's periodic reconciliation.
   */
  public async announce(event: ClusterEvent): Promise<void> {
    if (event.alertIds.length === 0) return;
    try {
      await this._options.coordinator.publish(event);
    } catch (error: unknown) {
      this._logger.error(
        { err: error, kind: event.kind, alertIds: event.alertIds.slice(0, 10) },
        'could not tell the api processes about an alert change; reconciliation will catch up',
      );
    }
  }

  /** Checks the engine against the table now (see `reconcileIntervalMs`); resolves when done. */
  public reconcile(): Promise<void> {
    return this._serially(() => this._reconcile());
  }

  /** Leaves the cluster and stops the engine. */
  public async close(): Promise<void> {
    if (this._closed) return;
    this._closed = true;
    this._timer.close();
    try {
      await this._options.coordinator.close();
    } finally {
      // A coordinator that failed to close may not have said it stopped leading.
      await this._serially(() => this._follow());
    }
  }

  /** Runs `task` after the ones queued before it; a failure is logged and ends that task only. */
  private _serially(task: () => Promise<void>): Promise<void> {
    const done = this._serial.then(task).catch((error: unknown) => {
      this._logger.error({ err: error }, 'alerts runtime task failed');
    });
    this._serial = done;
    return done;
  }

  private async _lead(): Promise<void> {
    if (this._engine || this._closed || !this._options.coordinator.isLeader) return;
    const { store, marketData } = this._options;
    const logger = this._logger;
    const engine = new AlertEngine({
      store,
      marketData,
      logger,
      onTriggered: (alert) => {
        this._options.onMessageQueued();
        void this.announce({ kind: 'triggered', alertIds: [alert.id] });
      },
      ...(this._options.replayRetryMs === undefined
        ? {}
        : { replayRetryMs: this._options.replayRetryMs }),
      ...(this._options.now === undefined ? {} : { now: this._options.now }),
    });
    this._engine = engine;
    try {
      await engine.start();
    } catch (error: unknown) {
      this._engine = undefined;
      await engine.close();
      const delay = this._options.restartDelayMs ?? 5_000;
      logger.error({ err: error, retryInMs: delay }, 'the alert engine could not start');
      this._timer.set(() => void this._serially(() => this._lead()), delay);
      return;
    }
    this._scheduleReconcile();
  }

  private async _follow(): Promise<void> {
    this._timer.clear();
    const engine = this._engine;
    if (!engine) return;
    this._engine = undefined;
    await engine.close();
    this._logger.info({}, 'alert engine stopped: this process no longer leads');
  }

  private async _apply(event: ClusterEvent): Promise<void> {
    const { store } = this._options;
    switch (event.kind) {
      case 'created': {
        const engine = this._engine;
        if (!engine) return;
        for (const alert of await store.getAlerts(event.alertIds)) engine.add(alert);
        return;
      }
      case 'deleted':
        this._engine?.forget(event.alertIds);
        return;
      case 'triggered': {
        this._engine?.forget(event.alertIds);
        for (const alert of await store.getAlerts(event.alertIds)) {
          if (alert.status !== 'Triggered') continue;
          this._options.hub.broadcast(alertsGroup(alert.subscriptionId), 'AlertTriggered', [
            toAlertJson(alert),
          ]);
        }
        return;
      }
    }
  }

  private async _reconcile(): Promise<void> {
    const engine = this._engine;
    if (!engine) return;
    const activeIds = await this._options.store.listActiveAlertIds();
    if (engine !== this._engine) return;
    const { missing, forgotten } = engine.reconcile(activeIds);
    const added = missing.length === 0 ? [] : await this._options.store.getAlerts(missing);
    if (engine !== this._engine) return;
    for (const alert of added) engine.add(alert);
    if (missing.length > 0 || forgotten.length > 0) {
      this._logger.warn(
        { added: missing.length, removed: forgotten.length },
        'alert engine caught up with the table: a notification was lost',
      );
    }
  }

  private _scheduleReconcile(): void {
    const interval = this._options.reconcileIntervalMs ?? 300_000;
    if (interval <= 0) return;
    this._timer.set(() => {
      void this._serially(() => this._reconcile()).finally(() => {
        if (this._engine) this._scheduleReconcile();
      });
    }, interval);
  }
}
