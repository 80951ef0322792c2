import fs from 'node:fs';
import { STORE_TABLES } from './STORE_TABLES';
import os from 'node:os';
import path from 'node:path';
import { HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from '@jest/globals';
import { type Candle, type SymbolId } from '@pairwatch/domain';
import { fastifySignalR, Hub } from '@pairwatch/signalr-server';
import { LocalPushService } from '@pairwatch/test-support';
import Fastify, { type FastifyInstance } from 'fastify';
import { alertsPlugin } from '../alerts/alertsPlugin';
import { type AlertJson } from '../alerts/toAlertJson';
import { PostgresCoordinator } from '../cluster/PostgresCoordinator';
import { registerProblemHandlers } from '../errors/problemHandlers';
import { type AlertStore } from '../storage/AlertStore';
import { openAlertStore } from '../storage/openAlertStore';
import { type TestDatabase } from './describeWithPostgres';
import { registerPushSubscription } from './registerPushSubscription';
import { ScriptedMarketData } from './ScriptedMarketData';
import { trustCertificate } from './trustCertificate';
import { fixedSymbolSource } from './fixedSymbolSource';

/** One api process of a cluster test: its own market, hub, push sender and cluster session. */
export interface ApiProcess {
  readonly name: string;
  readonly app: FastifyInstance;
  readonly market: ScriptedMarketData;
  readonly coordinator: PostgresCoordinator;
  /** `http://127.0.0.1:<port>`. */
  readonly base: string;
}

/** The 1-minute histories a process's market starts with, by symbol. */
type Histories = Readonly<Record<SymbolId, readonly Candle[]>>;

/** Api processes on one PostgreSQL database (see {@link setUpApiProcesses}). */
export interface ApiProcesses {
  /** The local push service every process delivers to; this jest process trusts it. */
  readonly push: LocalPushService;
  /** A store of the test's own on the database, to read and change it behind the processes. */
  readonly observer: AlertStore;
  /** The processes running now, oldest first. */
  readonly processes: readonly ApiProcess[];
  /** The wall clock of every process (Unix ms), back at `now` before each test. */
  clock: number;
  /**
   * Starts one api process listening on loopback (maxActiveAlerts 10, private push endpoints
   * allowed, a coordinator retrying every `retryMs`); the first started on an empty cluster leads.
   */
  readonly startProcess: (name: string, history?: Histories) => Promise<ApiProcess>;
  /** Closes one process (its engine stops, its session ends) and forgets it. */
  readonly stopProcess: (stopped: ApiProcess) => Promise<void>;
  /** Registers a new subscription of the push service through one process. */
  readonly subscribe: (
    through: ApiProcess,
  ) => Promise<{ subscriptionId: string; endpoint: string }>;
  /** POST /alerts of BTCUSDT's price (unless `fields` says otherwise) through one process (201). */
  readonly createAlert: (
    through: ApiProcess,
    fields: Readonly<Record<string, unknown>> & { readonly subscriptionId: string },
  ) => Promise<AlertJson>;
  /** GET /alerts on one process (200). */
  readonly listAlerts: (on: ApiProcess, subscriptionId: string) => Promise<AlertJson[]>;
  /** A browser connected to one process, watching a subscription's alerts: what it announced. */
  readonly watch: (on: ApiProcess, subscriptionId: string) => Promise<AlertJson[]>;
  /** Ends the database session of whichever process holds the leader lock. */
  readonly killLeaderSession: () => Promise<void>;
}

/**
 * Sets up, with jest hooks in a {@link describeWithPostgres} suite, several api processes on its
 * database in one jest process, as the processes of one deployment (architecture §8): one push
 * service and one DATA_DIR (their shared VAPID keys) for the suite; after each test the processes
 * and browsers are closed and the tables emptied.
 */
export function setUpApiProcesses(
  database: TestDatabase,
  options: {
    /** The processes' clock at the start of each test (Unix ms). */
    readonly now: number;
    /** The histories {@link ApiProcesses.startProcess} gives a market unless told otherwise. */
    readonly history: Histories;
    /** The coordinators' retry period (ms): a follower takes over at its next try. */
    readonly retryMs: number;
  },
): ApiProcesses {
  let push: LocalPushService | undefined;
  let untrust = (): void => undefined;
  let dataDir: string | undefined;
  let observer: AlertStore | undefined;
  let processes: ApiProcess[] = [];
  let hubClients: HubConnection[] = [];
  let clock = options.now;

  const defined = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`setUpApiProcesses: no ${what} outside the suite`);
    return value;
  };

  beforeAll(async () => {
    push = await LocalPushService.start();
    untrust = trustCertificate(push.certificatePem);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pairwatch-cluster-'));
    observer = await openAlertStore({ databaseUrl: database.url, dataDir });
  });

  beforeEach(() => {
    clock = options.now;
  });

  afterEach(async () => {
    for (const client of hubClients) await client.stop();
    hubClients = [];
    for (const { app } of processes) await app.close();
    processes = [];
    for (const table of STORE_TABLES) {
      await database.query(`DELETE FROM ${table}`);
    }
  });

  afterAll(async () => {
    await observer?.close();
    untrust();
    await push?.close();
    if (dataDir !== undefined) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const harness: ApiProcesses = {
    get push() {
      return defined(push, 'push service');
    },
    get observer() {
      return defined(observer, 'observer');
    },
    get processes() {
      return processes;
    },
    get clock() {
      return clock;
    },
    set clock(ms: number) {
      clock = ms;
    },
    async startProcess(name, history = options.history) {
      const market = new ScriptedMarketData();
      for (const [symbol, candles] of Object.entries(history)) {
        market.setHistory(symbol as SymbolId, 'OneMinute', candles);
      }
      const coordinator = new PostgresCoordinator({
        connectionString: database.url,
        logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
        applicationName: name,
        retryMs: options.retryMs,
        reconnectMinMs: 20,
        reconnectMaxMs: 200,
      });
      const hub = new Hub<object>({});
      const app = Fastify();
      registerProblemHandlers(app);
      await app.register(fastifySignalR, { hub, path: '/candles-hub' });
      await app.register(alertsPlugin, {
        symbols: fixedSymbolSource(),
        config: {
          dataDir: defined(dataDir, 'DATA_DIR'),
          databaseUrl: database.url,
          vapid: {},
          maxActiveAlerts: 10,
          pushAllowPrivateEndpoints: true,
        },
        marketData: market,
        hub,
        coordinator,
        now: () => clock,
      });
      await app.listen({ host: '127.0.0.1', port: 0 });
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const started = { name, app, market, coordinator, base: `http://127.0.0.1:${port}` };
      processes.push(started);
      return started;
    },
    async stopProcess(stopped) {
      processes = processes.filter((p) => p !== stopped);
      await stopped.app.close();
    },
    async subscribe(through) {
      return registerPushSubscription(through.base, harness.push);
    },
    async createAlert(through, fields) {
      const response = await through.app.inject({
        method: 'POST',
        url: '/alerts',
        payload: { symbol: 'BTCUSDT', type: 'Price', ...fields },
      });
      expect(response.statusCode).toBe(201);
      return response.json<AlertJson>();
    },
    async listAlerts(on, subscriptionId) {
      const response = await on.app.inject({
        method: 'GET',
        url: `/alerts?subscriptionId=${subscriptionId}`,
      });
      expect(response.statusCode).toBe(200);
      return response.json<AlertJson[]>();
    },
    async watch(on, subscriptionId) {
      const client = new HubConnectionBuilder()
        .withUrl(`${on.base}/candles-hub`)
        .configureLogging(LogLevel.None)
        .build();
      const announced: AlertJson[] = [];
      client.on('AlertTriggered', (alert: AlertJson) => announced.push(alert));
      await client.start();
      hubClients.push(client);
      await client.invoke('WatchAlerts', subscriptionId);
      return announced;
    },
    async killLeaderSession() {
      const rows = await database.query<{ killed: boolean }>(
        `SELECT pg_terminate_backend(pid, 5000) AS killed FROM pg_locks
          WHERE locktype = 'advisory' AND granted
            AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      );
      expect(rows).toEqual([{ killed: true }]);
    },
  };
  return harness;
}
