import { type DeliveryChannels } from '../delivery/DeliverySender';
import { type Hub } from '@pairwatch/signalr-server';
import { type ClusterCoordinator } from '../cluster/ClusterCoordinator';
import { type ClusterEvent } from '../cluster/ClusterEvent';
import { type MarketData } from '../market/MarketData';
import { type AlertStore } from '../storage/AlertStore';
import { keysetPages } from '../storage/keysetPages';
import { OneShotTimer } from '../util/OneShotTimer';
import { type ServiceLogger } from '../util/ServiceLogger';
import { AlertEngine, type AlertEngineOptions } from './AlertEngine';
import { type ReconcileVerdict } from './ReconcileScan';
import { alertsGroup } from './alertsGroup';
import { FIRINGS_IN_ALERT_JSON, toAlertJson } from './toAlertJson';

/** Options of {@link AlertsRuntime}. */
export interface AlertsRuntimeOptions {
  readonly store: AlertStore;
  readonly marketData: MarketData;
  readonly coordinator: ClusterCoordinator;
  /** `AlertTriggered` goes to this process's hub group of the alert's subscription. */
  readonly hub: Hub<object>;
  readonly logger: ServiceLogger;
  /**
   * Called when this process's engine queued a delivery (wakes the sender), unless
   * `claimDeliveries` is given: then each batch's claim tells the sender.
   */
  readonly onMessageQueued: () => void;
  /** Passed to the engine: the sender's free slots, offered to each batch of firings. */
  readonly claimDeliveries?: AlertEngineOptions['claimDeliveries'];
  /** The kinds of channel this server delivers to (the engine renders each firing with them). */
  readonly channels: DeliveryChannels;
  /** A pair's catalogue facts, for the engine's messages. */
  readonly pairOf?: AlertEngineOptions['pairOf'];
  /**
   * How often the leader checks its watched alerts against the table, in case a notification was
   * lost (a process died between its write and its NOTIFY). Default 300 000 ms; 0 turns it off.
   */
  readonly reconcileIntervalMs?: number;
  /** Active alert ids read per query when the engine is checked against the table. Default 1 000. */
  readonly reconcilePageSize?: number;
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
 * Leadership changes, events and the changes reconciliations make run one at a time, in order;
 * a reconciliation reads the table beside them (see `reconcile`).
 */
/** How the alerts half of this process is doing, for `GET /status`. */
export interface AlertsHealth {
  /** `leader`: this process runs the alert engine; `follower`: another one does. */
  readonly role: 'leader' | 'follower';
  /** This process leads, and its engine is still loading the active alerts (`/status` says so). */
  readonly loading: boolean;
  /** The last error the engine or the runtime logged, and when (ms), if any. */
  readonly lastFailure: { readonly at: number; readonly message: string } | undefined;
}

export class AlertsRuntime {
  private currentEngine: AlertEngine | undefined;
  private lastFailure: AlertsHealth['lastFailure'];
  /** The logger given to the engine and used here: it remembers the last error for health(). */
  private readonly logger: ServiceLogger;
  private serial: Promise<void> = Promise.resolve();
  private reconciling: Promise<void> | undefined;
  private readonly timer = new OneShotTimer();
  private closed = false;

  constructor(private readonly options: AlertsRuntimeOptions) {
    const { logger } = options;
    const now = options.now ?? Date.now;
    this.logger = {
      info: (object, message) => logger.info(object, message),
      warn: (object, message) => logger.warn(object, message),
      error: (object, message) => {
        this.lastFailure = { at: now(), message };
        logger.error(object, message);
      },
    };
    options.coordinator.onLeadershipChange((leading) =>
      this.serially(() => (leading ? this.lead() : this.follow())),
    );
    options.coordinator.onEvent((event) => this.serially(() => this.apply(event)));
  }

  /** The engine of this process while it leads; undefined while another process does. */
  get engine(): AlertEngine | undefined {
    return this.currentEngine;
  }

  /** Whether this process leads the engine, and the last failure it logged. */
  health(): AlertsHealth {
    return {
      role: this.currentEngine ? 'leader' : 'follower',
      loading: this.currentEngine?.loading ?? false,
      lastFailure: this.lastFailure,
    };
  }

  /** Joins the cluster (and starts the engine if this process leads). */
  async start(): Promise<void> {
    await this.options.coordinator.start();
  }

  /**
   * Tells every api process about a committed alert change. Never throws: the change is stored
   * either way, and a lost event is caught up by the leader's periodic reconciliation.
   */
  async announce(event: ClusterEvent): Promise<void> {
    if (event.alertIds.length === 0) return;
    try {
      await this.options.coordinator.publish(event);
    } catch (error: unknown) {
      // A warning, not a failure of the engine: nothing is lost (the change is stored and the
      // reconciliation brings it), and counting it as one kept `/status` at 503 for a minute after
      // every database outage, as the first creation after it meets a cluster session still
      // reconnecting (fault suite, PostgreSQL frozen).
      this.logger.warn(
        { err: error, kind: event.kind, alertIds: event.alertIds.slice(0, 10) },
        'could not tell the api processes about an alert change; reconciliation will catch up',
      );
    }
  }

  /** Alerts recorded as fired and not yet announced. */
  private triggeredIds: string[] = [];
  /** The turn that will announce them. */
  private triggeredAnnouncement: NodeJS.Immediate | undefined;

  /**
   * Announces a fired alert together with the others recorded in the same turn of the event loop:
   * an update that fires thousands of alerts is one event (split into NOTIFY-sized payloads), and
   * each process reads their rows in one query, not one each.
   */
  private announceTriggeredSoon(id: string): void {
    this.triggeredIds.push(id);
    if (this.triggeredIds.length > 1) return;
    this.triggeredAnnouncement = setImmediate(() => void this.announceTriggered());
  }

  /** Announces the fired alerts not yet announced, now. */
  private announceTriggered(): Promise<void> {
    clearImmediate(this.triggeredAnnouncement);
    this.triggeredAnnouncement = undefined;
    const alertIds = this.triggeredIds;
    this.triggeredIds = [];
    return this.announce({ kind: 'triggered', alertIds });
  }

  /**
   * Checks the engine against the table now (see `reconcileIntervalMs`); resolves when done, and
   * never rejects (a failure is logged). The active ids are read `reconcilePageSize` at a time,
   * between the events and the engine's work, rather than in one query that held the event loop
   * (SQLite) for ~1.8 s at 1,000,000 alerts; only its verdict is applied in turn with the events.
   */
  reconcile(): Promise<void> {
    this.reconciling ??= this.reconcileNow()
      .catch((error: unknown) => {
        this.logger.error({ err: error }, 'could not check the alert engine against the table');
      })
      .finally(() => {
        this.reconciling = undefined;
      });
    return this.reconciling;
  }

  /** Leaves the cluster and stops the engine. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.timer.close();
    try {
      await this.options.coordinator.close();
    } finally {
      // A coordinator that failed to close may not have said it stopped leading.
      await this.serially(() => this.follow());
    }
  }

  /** Runs `task` after the ones queued before it; a failure is logged and ends that task only. */
  private serially(task: () => Promise<void>): Promise<void> {
    const done = this.serial.then(task).catch((error: unknown) => {
      this.logger.error({ err: error }, 'alerts runtime task failed');
    });
    this.serial = done;
    return done;
  }

  private async lead(): Promise<void> {
    if (this.currentEngine || this.closed || !this.options.coordinator.isLeader) return;
    const { store, marketData } = this.options;
    const logger = this.logger;
    const engine = new AlertEngine({
      store,
      marketData,
      logger,
      channels: this.options.channels,
      ...(this.options.pairOf === undefined ? {} : { pairOf: this.options.pairOf }),
      ...(this.options.claimDeliveries === undefined
        ? {}
        : { claimDeliveries: this.options.claimDeliveries }),
      onTriggered: (alert) => {
        if (this.options.claimDeliveries === undefined) this.options.onMessageQueued();
        this.announceTriggeredSoon(alert.id);
      },
      ...(this.options.replayRetryMs === undefined
        ? {}
        : { replayRetryMs: this.options.replayRetryMs }),
      ...(this.options.now === undefined ? {} : { now: this.options.now }),
    });
    this.currentEngine = engine;
    // Not awaited: loading a million alerts takes about 28 s (a page at a time), and neither the
    // events behind it nor the process's readiness (the port opens once the runtime has started)
    // should wait for it; the engine keeps what is created or deleted meanwhile.
    void engine.start().then(
      () => {
        if (this.currentEngine === engine) this.scheduleReconcile();
      },
      (error: unknown) => this.serially(() => this.startFailed(engine, error)),
    );
  }

  /** The engine of this term could not start: stopped, and this process tries again later. */
  private async startFailed(engine: AlertEngine, error: unknown): Promise<void> {
    if (this.currentEngine !== engine) return;
    this.currentEngine = undefined;
    await engine.close();
    const delay = this.options.restartDelayMs ?? 5_000;
    this.logger.error({ err: error, retryInMs: delay }, 'the alert engine could not start');
    this.timer.set(() => void this.serially(() => this.lead()), delay);
  }

  private async follow(): Promise<void> {
    this.timer.clear();
    const engine = this.currentEngine;
    if (!engine) return;
    this.currentEngine = undefined;
    await engine.close();
    // What it recorded last is announced now, while the coordinator still publishes: when this
    // process stops, the next turn's announcement would come after the coordinator closed (and be
    // logged as an error). Not awaited: this runs as the coordinator's leadership change, which
    // its own delivery of the event waits behind; the coordinators' close() waits for both.
    void this.announceTriggered();
    this.logger.info({}, 'alert engine stopped: this process no longer leads');
  }

  private async apply(event: ClusterEvent): Promise<void> {
    const { store } = this.options;
    switch (event.kind) {
      case 'created': {
        const engine = this.currentEngine;
        if (!engine) return;
        for (const alert of await store.getAlerts(event.alertIds)) engine.add(alert);
        return;
      }
      case 'deleted':
        this.currentEngine?.forget(event.alertIds);
        return;
      case 'triggered': {
        const alerts = await store.getAlerts(event.alertIds);
        // A repeating alert stays Active and watched; a fired OnlyOnce one is done.
        this.currentEngine?.forget(
          alerts.filter((alert) => alert.status !== 'Active').map((alert) => alert.id),
        );
        // Fired, or halted (its pair stopped trading): open screens show the new status.
        const fired = alerts.filter((alert) => alert.triggerCount > 0 || alert.status === 'Halted');
        const firings = await store.listFirings(
          fired.map((alert) => alert.id),
          FIRINGS_IN_ALERT_JSON,
        );
        for (const alert of fired) {
          this.options.hub.broadcast(alertsGroup(alert.ownerId), 'AlertTriggered', [
            toAlertJson(alert, firings.get(alert.id) ?? []),
          ]);
        }
        return;
      }
    }
  }

  private async reconcileNow(): Promise<void> {
    const engine = this.currentEngine;
    if (!engine) return;
    const scan = engine.reconcileScan();
    let verdict: ReconcileVerdict;
    try {
      for await (const page of keysetPages(
        (range) => this.options.store.listActiveAlertIds(range),
        (id) => id,
        this.options.reconcilePageSize ?? 1_000,
      )) {
        if (engine !== this.currentEngine) return;
        scan.sawActive(page);
      }
      verdict = await scan.verdict();
    } finally {
      scan.close();
    }
    await this.serially(() => this.applyVerdict(engine, verdict));
  }

  /** Forgets the watched alerts the table no longer holds as active and watches the missing ones. */
  private async applyVerdict(engine: AlertEngine, verdict: ReconcileVerdict): Promise<void> {
    if (engine !== this.currentEngine) return;
    const { missing, forgotten } = verdict;
    engine.forget(forgotten);
    const added = missing.length === 0 ? [] : await this.options.store.getAlerts(missing);
    if (engine !== this.currentEngine) return;
    for (const alert of added) engine.add(alert);
    if (missing.length > 0 || forgotten.length > 0) {
      this.logger.warn(
        { added: missing.length, removed: forgotten.length },
        'alert engine caught up with the table: a notification was lost',
      );
    }
  }

  private scheduleReconcile(): void {
    const interval = this.options.reconcileIntervalMs ?? 300_000;
    if (interval <= 0) return;
    this.timer.set(() => {
      void this.reconcile().finally(() => {
        if (this.currentEngine) this.scheduleReconcile();
      });
    }, interval);
  }
}
