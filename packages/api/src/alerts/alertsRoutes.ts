import {
  alertDirection,
  alertFormSchema,
  INTERVALS,
  isInterval,
  isSymbolId,
  parseNumberInput,
  SYMBOLS,
  type UnixMillis,
} from '@pairwatch/domain';
import { type FastifyPluginAsync } from 'fastify';
import { randomId, wellFormedId } from '../storage/recordId';
import { redactedRequestLog } from '../http/redactedRequestLog';
import { readCreationSnapshot } from './readCreationSnapshot';
import { toAlertJson } from './toAlertJson';
import { type WriteRateLimiter } from '../http/WriteRateLimiter';
import { type ClusterEvent } from '../cluster/ClusterEvent';
import { ApiProblem } from '../errors/ApiProblem';
import { quoteInput } from '../errors/quoteInput';
import { type MarketData } from '../market/MarketData';
import { type AlertRecord, type AlertStore } from '../storage/AlertStore';

/** Options of {@link alertsRoutes}. */
export interface AlertsRoutesOptions {
  readonly store: AlertStore;
  /** Tells every api process (and so the alert engine) about a committed change. */
  readonly announce: (event: ClusterEvent) => Promise<void>;
  readonly marketData: MarketData;
  /** `MAX_ACTIVE_ALERTS`. */
  readonly maxActiveAlerts: number;
  readonly limiter: WriteRateLimiter;
  readonly now: () => number;
}

function requireSubscriptionQuery(query: unknown): string {
  const value = (query as { subscriptionId?: unknown } | undefined)?.subscriptionId;
  if (typeof value !== 'string' || value === '') {
    throw new ApiProblem(
      'BAD_REQUEST',
      'Add ?subscriptionId= with the id POST /push/subscriptions gave this browser.',
    );
  }
  return value;
}

/**
 * `POST /alerts`, `GET /alerts?subscriptionId=`, `DELETE /alerts/{id}?subscriptionId=`
 * (architecture §3). Alerts belong to a push subscription: an unknown subscription cannot create
 * one, and an alert of another subscription is answered exactly like a missing one (404).
 */
export const alertsRoutes: FastifyPluginAsync<AlertsRoutesOptions> = async (app, options) => {
  const { store, announce, marketData, limiter } = options;

  app.post(
    '/alerts',
    { ...redactedRequestLog, preHandler: limiter.preHandler, bodyLimit: 4096 },
    async (request, reply) => {
      const body = request.body;
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        throw new ApiProblem(
          'INVALID_ALERT',
          'Send a JSON object with symbol, type, valueTarget and subscriptionId.',
        );
      }
      const fields = body as Record<string, unknown>;
      const rawSubscription = fields.subscriptionId;
      if (typeof rawSubscription !== 'string' || rawSubscription === '') {
        throw new ApiProblem(
          'INVALID_ALERT',
          'Enable push notifications first: an alert needs the subscriptionId of this browser.',
        );
      }
      if (fields.symbol === undefined) {
        throw new ApiProblem(
          'UNKNOWN_SYMBOL',
          `The alert has no symbol. Send one of ${SYMBOLS.join(', ')}.`,
        );
      }
      if (!isSymbolId(fields.symbol)) {
        throw new ApiProblem(
          'UNKNOWN_SYMBOL',
          `Unknown symbol ${quoteInput(String(fields.symbol))}. Supported symbols: ${SYMBOLS.join(', ')}.`,
        );
      }
      const symbol = fields.symbol;
      // The form's schema also reads typed text ("0x10" and [70000] pass as numbers there); the api
      // takes a JSON number and nothing else.
      const target = fields.valueTarget;
      const blank = target === undefined || target === null || target === '';
      if (!blank && typeof target !== 'number') {
        throw new ApiProblem(
          'INVALID_ALERT',
          `valueTarget must be a JSON number such as 65000.5, not ${Array.isArray(target) ? 'an array' : `a ${typeof target}`}.`,
        );
      }
      try {
        await alertFormSchema.validate(
          { type: fields.type, valueTarget: fields.valueTarget },
          { abortEarly: true },
        );
      } catch (error: unknown) {
        // yup's ValidationError, recognised by name: the schema lives in @pairwatch/domain.
        if (error instanceof Error && error.name === 'ValidationError')
          throw new ApiProblem('INVALID_ALERT', error.message);
        throw error;
      }
      const type = fields.type === 'Rsi' ? 'Rsi' : 'Price';
      const valueTarget = parseNumberInput(fields.valueTarget as string | number);
      let interval: AlertRecord['interval'];
      if (type === 'Rsi') {
        if (!isInterval(fields.rsiInterval)) {
          throw new ApiProblem(
            'INVALID_INTERVAL',
            `An RSI alert needs rsiInterval, one of ${INTERVALS.join(', ')}; got ${quoteInput(String(fields.rsiInterval))}.`,
          );
        }
        interval = fields.rsiInterval;
      }

      const subscriptionId = wellFormedId(rawSubscription);
      if (subscriptionId === undefined || !(await store.findSubscription(subscriptionId))) {
        throw new ApiProblem(
          'SUBSCRIPTION_NOT_FOUND',
          'This browser’s push subscription is not registered. Turn push notifications off and on again.',
        );
      }
      const snapshot = await readCreationSnapshot(
        marketData,
        { symbol, type, interval },
        options.now(),
      );
      const alert: AlertRecord = {
        id: randomId(),
        subscriptionId,
        symbol,
        type,
        interval,
        direction: alertDirection(snapshot.value, valueTarget),
        valueOnCreation: snapshot.value,
        valueTarget,
        status: 'Active',
        createdAt: options.now() as UnixMillis,
        triggeredAt: undefined,
        triggeredValue: undefined,
        creationCandleTime: snapshot.candleTime,
        creationHigh: snapshot.high,
        creationLow: snapshot.low,
      };
      const outcome = await store.createAlert(alert, options.maxActiveAlerts);
      if (outcome === 'limit-reached') {
        throw new ApiProblem(
          'ALERT_LIMIT_REACHED',
          `You already have ${options.maxActiveAlerts} active alerts. Delete one before creating another.`,
        );
      }
      if (outcome === 'unknown-subscription') {
        throw new ApiProblem(
          'SUBSCRIPTION_NOT_FOUND',
          'This browser’s push subscription was removed meanwhile. Enable push notifications again.',
        );
      }
      await announce({ kind: 'created', alertIds: [alert.id] });
      return reply.code(201).send(toAlertJson(alert));
    },
  );

  app.get('/alerts', redactedRequestLog, async (request) => {
    const subscriptionId = wellFormedId(requireSubscriptionQuery(request.query));
    if (subscriptionId === undefined) return [];
    return (await store.listAlerts(subscriptionId)).map(toAlertJson);
  });

  app.delete<{ Params: { id: string } }>(
    '/alerts/:id',
    { ...redactedRequestLog, preHandler: limiter.preHandler },
    async (request, reply) => {
      const subscriptionId = wellFormedId(requireSubscriptionQuery(request.query));
      const id = request.params.id;
      const deleted =
        subscriptionId !== undefined &&
        wellFormedId(id) !== undefined &&
        (await store.deleteAlert(id, subscriptionId));
      if (!deleted) {
        throw new ApiProblem(
          'ALERT_NOT_FOUND',
          `There is no alert ${quoteInput(id)} for this browser’s push subscription.`,
        );
      }
      await announce({ kind: 'deleted', alertIds: [id] });
      return reply.code(204).send();
    },
  );
};
