import compress from '@fastify/compress';
import cors from '@fastify/cors';
import { type IncomingMessage } from 'node:http';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyRequest,
  LogController,
} from 'fastify';
import pino, { type Logger } from 'pino';
import { alertsPlugin } from './alerts/alertsPlugin';
import { type PostgresCoordinatorTiming } from './cluster/PostgresCoordinator';
import { type ApiConfig } from './config/ApiConfig';
import { ApiProblem } from './errors/ApiProblem';
import {
  registerProblemHandlers,
  sendProblem,
  writeClientErrorProblem,
} from './errors/problemHandlers';
import { candleHubPlugin } from './hub/candleHubPlugin';
import {
  CANDLE_HUB_PATH,
  CandleHubServer,
  type CandleHubServerOptions,
} from './hub/CandleHubServer';
import { type MarketData } from './market/MarketData';
import { marketPlugin } from './market/marketPlugin';
import { type SymbolSource } from './market/symbolsRoutes';
import { type HealthCheck, statusPlugin } from './status/statusPlugin';

/** What {@link buildApp} is built from; tests pass fakes or a simulator-backed market. */
export interface AppDependencies {
  readonly config: ApiConfig;
  readonly marketData: MarketData;
  readonly symbols: SymbolSource;
  /** Reported by `GET /status`. */
  readonly version: string;
  /** Default: silent. */
  readonly logger?: Logger;
  /** Hub timing overrides for tests. */
  readonly hubSettings?: CandleHubServerOptions['settings'];
  /** How long a client may take to send a whole request (head and body). Default 30 s. */
  readonly requestTimeoutMs?: number;
  /** Timing of the PostgreSQL cluster coordinator; fault tests shorten it. Default: production's. */
  readonly cluster?: PostgresCoordinatorTiming;
}

/** A client that trickles a request body holds a socket; 30 s is ample for 64 KiB. */
const REQUEST_TIMEOUT_MS = 30_000;

/** Longer URLs are refused before routing (Node itself refuses request heads over 16 KiB). */
const MAX_URL_LENGTH = 4096;
/** The api's JSON bodies (alerts, push subscriptions) are far smaller. */
const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * Builds the api as a Fastify instance without listening, so tests `inject()` requests or listen
 * on port 0. It registers, in this order:
 *
 * 1. the problem+json handlers (`errors/`): first, so that every later route and plugin, and
 *    Fastify's own 404, answers errors in the one format;
 * 2. request limits, response headers and the request log (hooks), then CORS and compression:
 *    before any route, so that they wrap every route, the hub's included;
 * 3. the candle hub (`hub/`): before the alerts, which add `WatchAlerts` to it and announce
 *    `AlertTriggered` through it;
 * 4. the market routes (`market/`): candles and symbols;
 * 5. the status route (`status/`): before the alerts, which add their checks to it (the route
 *    reads them on every request);
 * 6. the alerts (`alerts/`), last: they need the hub and the status checks, and bring the push
 *    routes and sender (`push/`) along, since push subscriptions own alerts and both share one
 *    store, one write rate limit and the engine's events. Registered last, they close first
 *    (Fastify closes in reverse order): the engine stops before the hub lets its streams go.
 *
 * The market itself belongs to the caller, which starts it before and closes it after the app.
 */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, marketData } = deps;
  const app = createFastify(deps);

  // 1. Errors.
  registerProblemHandlers(app);

  // 2. Every request.
  app.addHook('onRequest', async (request) => {
    if (request.url.length > MAX_URL_LENGTH) {
      throw new ApiProblem(
        'REQUEST_TOO_LONG',
        `The URL is ${request.url.length} characters long; the limit is ${MAX_URL_LENGTH}.`,
      );
    }
    // JSON is UTF-8 (RFC 8259): a body declared in another charset would be read as UTF-8 anyway
    // and mean something else than its sender meant.
    const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(request.headers['content-type'] ?? '');
    if (charset && !/^utf-?8$/i.test(charset[1]!)) {
      throw new ApiProblem(
        'UNSUPPORTED_MEDIA_TYPE',
        `Send JSON as UTF-8: charset=${charset[1]!.slice(0, 40)} is not accepted.`,
      );
    }
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    // Alerts and push answers belong to one subscription: no cache may keep or share them.
    if (/^\/(alerts|push)(\/|\?|$)/.test(request.url)) reply.header('cache-control', 'no-store');
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    request.log.info(
      {
        method: request.method,
        route,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
  });
  const corsOptions = {
    origin: [...config.corsOrigins],
    methods: ['GET', 'HEAD', 'POST', 'DELETE'],
    strictPreflight: false,
  };
  // The REST api uses no cookies or HTTP auth, so it allows no credentials. The hub's own
  // requests answer their CORS themselves (with credentials, which the SignalR client sends), but
  // its preflights reach this plugin first: they must allow credentials too.
  await app.register(cors, {
    delegator: async (request: FastifyRequest) => ({
      ...corsOptions,
      credentials: request.url.startsWith(`${CANDLE_HUB_PATH}/`) || request.url === CANDLE_HUB_PATH,
    }),
  });
  // JSON answers of 1 KiB and more go out brotli- or gzip-compressed (500 candles: ~60 KiB → ~15).
  // The hub's transports answer on the raw response and are not touched.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });

  // 3. Hub.
  const hubServer = new CandleHubServer({
    marketData,
    symbols: deps.symbols,
    logger: app.log,
    allowedOrigins: config.corsOrigins,
    maxConnectionsPerClient: config.hubMaxConnectionsPerClient,
    maxConnections: config.hubMaxConnections,
    clientAddress: config.trustProxy ? forwardedClientAddress : socketAddress,
    ...(deps.hubSettings === undefined ? {} : { settings: deps.hubSettings }),
  });
  await app.register(candleHubPlugin, { server: hubServer });

  // 4. Market.
  await app.register(marketPlugin, { marketData, symbols: deps.symbols });

  // 5. Status.
  const checks = new Map<string, HealthCheck>();
  await app.register(statusPlugin, {
    marketData,
    database: config.database,
    version: deps.version,
    checks,
  });

  // 6. Alerts, with push: store, engine, sender, /alerts and /push routes, WatchAlerts.
  await app.register(alertsPlugin, {
    config,
    marketData,
    symbols: deps.symbols,
    hub: hubServer.hub,
    checks,
    ...(deps.cluster === undefined ? {} : { cluster: deps.cluster }),
  });

  return app;
}

/** The Fastify instance with the api's server options: limits, timeouts, logging, proxies. */
function createFastify(deps: AppDependencies): FastifyInstance {
  // Typed as Fastify's logger, so the instance is a plain FastifyInstance (pino's own Logger type
  // would make it a FastifyInstance<…, Logger> that plugins typed for the default do not accept).
  const loggerInstance: FastifyBaseLogger = deps.logger ?? pino({ level: 'silent' });
  const requestTimeout = deps.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  return Fastify({
    loggerInstance,
    // Fastify's request lines carry the query string, and some queries carry a subscription id.
    logController: new LogController({ disableRequestLogging: true }),
    clientErrorHandler: writeClientErrorProblem,
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { maxParamLength: MAX_URL_LENGTH },
    trustProxy: deps.config.trustProxy,
    // A `__proto__` or `constructor.prototype` key is dropped, never merged: the body is then judged
    // on what it really lacks instead of being called "not valid JSON".
    onProtoPoisoning: 'remove',
    onConstructorPoisoning: 'remove',
    // Errors Fastify raises before routing (a malformed escape, an over-long path segment) answer
    // as problem+json too, and never repeat the URL (it may hold a subscription id).
    frameworkErrors: (error, _request, reply) => {
      const problem =
        error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? new ApiProblem('REQUEST_TOO_LONG', 'A part of the URL path is too long.')
          : new ApiProblem(
              'BAD_REQUEST',
              'The URL is malformed: a % must start an escape such as %2C.',
            );
      void sendProblem(reply, problem);
    },
    requestTimeout,
    // Given to Node's server at creation too: only then does its header timeout follow (it stays
    // at 60 s otherwise, and a trickled request outlives the limit). Node checks the timeouts on
    // an interval (30 s by default, which would double them).
    http: { requestTimeout, connectionsCheckingInterval: Math.min(1_000, requestTimeout) },
  });
}

function socketAddress(request: IncomingMessage): string {
  return request.socket.remoteAddress ?? '';
}

/** Behind a trusted proxy: the address it appended to `X-Forwarded-For` (the last entry). */
function forwardedClientAddress(request: IncomingMessage): string {
  const header = request.headers['x-forwarded-for'];
  const last = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').pop();
  return last?.trim() || socketAddress(request);
}
