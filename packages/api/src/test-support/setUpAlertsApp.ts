import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from '@jest/globals';
import { Hub } from '@pairwatch/signalr-server';
import { LocalPushService } from '@pairwatch/test-support';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { type AlertJson } from '../alerts/toAlertJson';
import { alertsPlugin, type AlertsPluginOptions } from '../alerts/alertsPlugin';
import { registerProblemHandlers } from '../errors/problemHandlers';
import { type AlertStore } from '../storage/AlertStore';
import { openAlertStore } from '../storage/openAlertStore';
import { ScriptedMarketData } from './ScriptedMarketData';
import { trustCertificate } from './trustCertificate';
import { fixedSymbolSource } from './fixedSymbolSource';

/** Options of the alerts plugin a test sets; `config` is merged into the usual test config. */
type AlertsAppOverrides = Omit<Partial<AlertsPluginOptions>, 'config'> & {
  readonly config?: Partial<AlertsPluginOptions['config']>;
};

/**
 * The alerts plugin of one test, on a Fastify app of its own (see {@link setUpAlertsApp}). Its
 * helpers are plain functions, so a test file may destructure them once.
 */
export interface AlertsApp {
  /** The app {@link AlertsApp.build} made (closed after each test). */
  readonly app: FastifyInstance;
  /** A fresh market per test, with the history `setUpAlertsApp` was given. */
  readonly market: ScriptedMarketData;
  /** A fresh in-memory SQLite store per test; a test may swap it before `build`. */
  store: AlertStore;
  /** A fresh temporary DATA_DIR per test (removed after it). */
  readonly dataDir: string;
  /** The local push service every test's subscriptions belong to; this process trusts it. */
  readonly push: LocalPushService;
  /** The api's clock (Unix ms), back at `now` before each test; a test moves it forward. */
  clock: number;
  /**
   * Registers the problem handlers and the alerts plugin (maxActiveAlerts 3, private push
   * endpoints allowed) and waits until the app is ready; `beforePlugin` registers what must come
   * first (e.g. the SignalR hub).
   */
  readonly build: (
    overrides?: AlertsAppOverrides,
    beforePlugin?: (app: FastifyInstance) => Promise<void>,
  ) => Promise<void>;
  /** Registers a new subscription of the push service (201); its id and endpoint. */
  readonly subscribe: () => Promise<{ subscriptionId: string; endpoint: string }>;
  /** POST /alerts with `body`, whatever the answer. */
  readonly createAlert: (body: Record<string, unknown>) => Promise<LightMyRequestResponse>;
  /** GET /alerts of a subscription (200). */
  readonly listAlerts: (subscriptionId: string) => Promise<AlertJson[]>;
}

/**
 * Sets up, with jest hooks, the alerts plugin for route tests: one local push service for the
 * file, and for each test a fresh market (`history` fills it), in-memory store, DATA_DIR and clock
 * at `now`. The test builds the app (after changing what it needs); it is closed after the test.
 */
export function setUpAlertsApp(options: {
  /** The api's clock at the start of each test (Unix ms). */
  readonly now: number;
  /** Scripts the candles the market holds at the start of each test. */
  readonly history: (market: ScriptedMarketData) => void;
}): AlertsApp {
  let push: LocalPushService | undefined;
  let untrust = (): void => undefined;
  let app: FastifyInstance | undefined;
  let market: ScriptedMarketData | undefined;
  let store: AlertStore | undefined;
  let dataDir: string | undefined;
  let clock = options.now;

  const defined = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`setUpAlertsApp: no ${what} outside a test`);
    return value;
  };

  beforeAll(async () => {
    push = await LocalPushService.start();
    untrust = trustCertificate(push.certificatePem);
  });

  afterAll(async () => {
    untrust();
    await push?.close();
  });

  beforeEach(async () => {
    clock = options.now;
    app = undefined;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pairwatch-alerts-'));
    market = new ScriptedMarketData();
    options.history(market);
    store = await openAlertStore({ databaseUrl: undefined, dataDir, sqliteFile: ':memory:' });
  });

  afterEach(async () => {
    await app?.close();
    if (dataDir !== undefined) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const harness: AlertsApp = {
    get app() {
      return defined(app, 'app before build()');
    },
    get market() {
      return defined(market, 'market');
    },
    get store() {
      return defined(store, 'store');
    },
    set store(replacement: AlertStore) {
      store = replacement;
    },
    get dataDir() {
      return defined(dataDir, 'DATA_DIR');
    },
    get push() {
      return defined(push, 'push service');
    },
    get clock() {
      return clock;
    },
    set clock(ms: number) {
      clock = ms;
    },
    async build({ config, ...overrides } = {}, beforePlugin) {
      const built = Fastify();
      app = built;
      registerProblemHandlers(built);
      await beforePlugin?.(built);
      await built.register(alertsPlugin, {
        symbols: fixedSymbolSource(),
        config: {
          dataDir: harness.dataDir,
          databaseUrl: undefined,
          vapid: {},
          maxActiveAlerts: 3,
          pushAllowPrivateEndpoints: true,
          ...config,
        },
        marketData: harness.market,
        hub: new Hub({}),
        store: harness.store,
        now: () => clock,
        ...overrides,
      });
      await built.ready();
    },
    async subscribe() {
      const subscription = harness.push.createSubscription();
      const response = await harness.app.inject({
        method: 'POST',
        url: '/push/subscriptions',
        payload: subscription,
      });
      expect(response.statusCode).toBe(201);
      return {
        subscriptionId: response.json<{ subscriptionId: string }>().subscriptionId,
        endpoint: subscription.endpoint,
      };
    },
    async createAlert(body) {
      return harness.app.inject({ method: 'POST', url: '/alerts', payload: body });
    },
    async listAlerts(subscriptionId) {
      const response = await harness.app.inject({
        method: 'GET',
        url: `/alerts?subscriptionId=${subscriptionId}`,
      });
      expect(response.statusCode).toBe(200);
      return response.json<AlertJson[]>();
    },
  };
  return harness;
}
