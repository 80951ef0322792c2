import {
  ALERT_CONDITIONS,
  ALERT_FREQUENCIES,
  alertDirection,
  alertFormSchema,
  DEFAULT_CONDITION,
  DEFAULT_FREQUENCY,
  defaultAlertInterval,
  INTERVALS,
  isAlertCondition,
  isAlertFrequency,
  isInterval,
  isSymbolId,
  parseNumberInput,
  type UnixMillis,
} from '@pairwatch/domain';
import { type FastifyPluginAsync } from 'fastify';
import { randomId, wellFormedId } from '../storage/recordId';
import { redactedRequestLog } from '../http/redactedRequestLog';
import { readCreationSnapshot } from './readCreationSnapshot';
import { FIRINGS_IN_ALERT_JSON, toAlertJson } from './toAlertJson';
import { toDeliveryJson } from './toDeliveryJson';
import { readOwnerId } from '../delivery/readOwnerId';
import { type WriteRateLimiter } from '../http/WriteRateLimiter';
import { type ClusterEvent } from '../cluster/ClusterEvent';
import { ApiProblem } from '../errors/ApiProblem';
import { quoteInput } from '../errors/quoteInput';
import { type MarketData } from '../market/MarketData';
import { type SymbolSource } from '../market/symbolsRoutes';
import { unknownSymbolText } from '../market/unknownSymbolText';
import { type AlertRecord, type AlertStore } from '../storage/AlertStore';

/** Options of {@link alertsRoutes}. */
export interface AlertsRoutesOptions {
  readonly store: AlertStore;
  /**
   * Tells every api process (and so the alert engine) about a committed change; never rejects
   * (`AlertsRuntime.announce` logs a failure, and the leader's reconciliation catches up).
   */
  readonly announce: (event: ClusterEvent) => Promise<void>;
  readonly marketData: MarketData;
  /** Which pairs the market trades: an alert on any other is refused. */
  readonly symbols: SymbolSource;
  /** `MAX_ACTIVE_ALERTS`. */
  readonly maxActiveAlerts: number;
  readonly limiter: WriteRateLimiter;
  readonly now: () => number;
}

/** Channels one alert may name, at most. */
const MAX_ALERT_CHANNELS = 20;

/** The `channels` of a new alert: undefined (every channel of the owner) or well-formed ids. */
function readChannelIds(value: unknown): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_ALERT_CHANNELS) {
    throw new ApiProblem(
      'INVALID_ALERT',
      `channels must be a list of 1 to ${MAX_ALERT_CHANNELS} channel ids from GET /channels, or left out for every channel.`,
    );
  }
  const ids = value.map((id) => wellFormedId(id));
  if (ids.some((id) => id === undefined)) {
    throw new ApiProblem(
      'INVALID_ALERT',
      'channels: each entry must be a channel id from GET /channels.',
    );
  }
  return [...new Set(ids as string[])];
}

/**
 * `POST /alerts`, `GET /alerts?ownerId=`, `DELETE /alerts/{id}?ownerId=` and
 * `GET /alerts/{id}/deliveries?ownerId=` (architecture §3; `subscriptionId` is accepted as the
 * owner id everywhere). Alerts belong to an owner: an unknown owner cannot create one, an owner
 * without a channel neither, and an alert of another owner is answered exactly like a missing one
 * (404).
 */
export const alertsRoutes: FastifyPluginAsync<AlertsRoutesOptions> = async (app, options) => {
  const { store, announce, marketData, limiter } = options;

  app.post(
    '/alerts',
    { ...redactedRequestLog, preHandler: limiter.preHandler, bodyLimit: 8192 },
    async (request, reply) => {
      const body = request.body;
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        throw new ApiProblem(
          'INVALID_ALERT',
          'Send a JSON object with symbol, type, valueTarget and ownerId.',
        );
      }
      const fields = body as Record<string, unknown>;
      const rawOwner = fields.ownerId ?? fields.subscriptionId;
      if (typeof rawOwner !== 'string' || rawOwner === '') {
        throw new ApiProblem(
          'INVALID_ALERT',
          'Say where alerts go first: an alert needs ownerId (or the subscriptionId of this browser).',
        );
      }
      const channelIds = readChannelIds(fields.channels);
      if (fields.symbol === undefined) {
        throw new ApiProblem(
          'UNKNOWN_SYMBOL',
          'The alert has no symbol. Send a pair GET /symbols lists, e.g. BTCUSDT.',
        );
      }
      if (!isSymbolId(fields.symbol)) {
        throw new ApiProblem('UNKNOWN_SYMBOL', unknownSymbolText(String(fields.symbol)));
      }
      const symbol = fields.symbol;
      if ((await options.symbols.catalogue()).get(symbol) === undefined) {
        throw new ApiProblem('UNKNOWN_SYMBOL', unknownSymbolText(symbol));
      }
      // The form's schema also reads typed text ("0x10" and [70000] pass as numbers there); the api
      // takes JSON numbers and strings and nothing else.
      for (const field of ['valueTarget', 'valueUpper', 'bars'] as const) {
        const value = fields[field];
        const blank = value === undefined || value === null || value === '';
        if (!blank && typeof value !== 'number') {
          throw new ApiProblem(
            'INVALID_ALERT',
            `${field} must be a JSON number such as ${field === 'bars' ? '5' : '65000.5'}, not ${Array.isArray(value) ? 'an array' : `a ${typeof value}`}.`,
          );
        }
      }
      for (const field of ['expiresAt', 'message'] as const) {
        const value = fields[field];
        if (value !== undefined && value !== null && typeof value !== 'string') {
          throw new ApiProblem('INVALID_ALERT', `${field} must be a JSON string.`);
        }
      }
      if (fields.condition !== undefined && !isAlertCondition(fields.condition)) {
        throw new ApiProblem(
          'INVALID_ALERT',
          `condition: unknown condition ${quoteInput(String(fields.condition))}. Send one of ${ALERT_CONDITIONS.join(', ')}.`,
        );
      }
      if (fields.frequency !== undefined && !isAlertFrequency(fields.frequency)) {
        throw new ApiProblem(
          'INVALID_ALERT',
          `frequency: unknown frequency ${quoteInput(String(fields.frequency))}. Send one of ${ALERT_FREQUENCIES.join(', ')}.`,
        );
      }
      try {
        await alertFormSchema.validate(
          {
            type: fields.type,
            condition: fields.condition,
            valueTarget: fields.valueTarget,
            valueUpper: fields.valueUpper,
            bars: fields.bars,
            frequency: fields.frequency,
            expiresAt: fields.expiresAt,
            message: fields.message,
          },
          // No symbol in the context: the api takes a level finer than the pair's tick, as it
          // always has (the form holds a person to the pair's decimals).
          { abortEarly: true, context: { now: options.now() } },
        );
      } catch (error: unknown) {
        // yup's ValidationError, recognised by name: the schema lives in @pairwatch/domain.
        if (error instanceof Error && error.name === 'ValidationError') {
          const path = (error as Error & { path?: string }).path;
          throw new ApiProblem('INVALID_ALERT', path ? `${path}: ${error.message}` : error.message);
        }
        throw error;
      }
      const type = fields.type === 'Rsi' ? 'Rsi' : 'Price';
      const condition = isAlertCondition(fields.condition) ? fields.condition : DEFAULT_CONDITION;
      const frequency = isAlertFrequency(fields.frequency) ? fields.frequency : DEFAULT_FREQUENCY;
      const valueTarget = parseNumberInput(fields.valueTarget as string | number);
      let rsiInterval: AlertRecord['interval'] | undefined;
      if (type === 'Rsi') {
        const given = fields.rsiInterval ?? fields.interval;
        if (!isInterval(given)) {
          throw new ApiProblem(
            'INVALID_INTERVAL',
            `An RSI alert needs rsiInterval, one of ${INTERVALS.join(', ')}; got ${quoteInput(String(given))}.`,
          );
        }
        rsiInterval = given;
      }
      if (fields.interval !== undefined && !isInterval(fields.interval)) {
        throw new ApiProblem(
          'INVALID_INTERVAL',
          `interval: send one of ${INTERVALS.join(', ')}; got ${quoteInput(String(fields.interval))}.`,
        );
      }
      if (
        rsiInterval !== undefined &&
        fields.interval !== undefined &&
        fields.interval !== rsiInterval
      ) {
        throw new ApiProblem(
          'INVALID_INTERVAL',
          'interval: an RSI alert counts the bars of its RSI interval; send the same interval or leave it out.',
        );
      }
      const interval = isInterval(fields.interval)
        ? fields.interval
        : defaultAlertInterval(rsiInterval);
      const valueUpper =
        typeof fields.valueUpper === 'number' && condition.endsWith('Channel')
          ? fields.valueUpper
          : undefined;
      const bars =
        typeof fields.bars === 'number' && condition.startsWith('Moving') ? fields.bars : undefined;
      const expiresAt =
        typeof fields.expiresAt === 'string' && fields.expiresAt.trim() !== ''
          ? (Date.parse(fields.expiresAt) as UnixMillis)
          : undefined;
      const message =
        typeof fields.message === 'string' && fields.message.trim() !== ''
          ? fields.message
          : undefined;

      const ownerId = wellFormedId(rawOwner);
      // The channels first: an owner has some as a rule, so whether it exists at all is asked only
      // when it has none (one database round trip fewer for every alert created).
      const owned = ownerId === undefined ? [] : await store.listChannels(ownerId);
      if (ownerId === undefined || (owned.length === 0 && !(await store.ownerExists(ownerId)))) {
        throw new ApiProblem(
          'SUBSCRIPTION_NOT_FOUND',
          'This owner (or browser push subscription) is not registered. Turn push notifications off and on again, or add a webhook.',
        );
      }
      if (owned.length === 0) {
        throw new ApiProblem(
          'INVALID_ALERT',
          'channels: there is nowhere to send this alert yet. Turn on push notifications or add a webhook or Telegram under Where alerts go.',
        );
      }
      const unknownChannel = channelIds?.find((id) => !owned.some((channel) => channel.id === id));
      if (unknownChannel !== undefined) {
        throw new ApiProblem(
          'INVALID_ALERT',
          `channels: ${quoteInput(unknownChannel)} is not one of this owner’s channels (GET /channels lists them).`,
        );
      }
      const snapshot = await readCreationSnapshot(
        marketData,
        { symbol, type, interval },
        options.now(),
      );
      const alert: AlertRecord = {
        id: randomId(),
        ownerId,
        symbol,
        type,
        interval,
        condition,
        frequency,
        direction: alertDirection(snapshot.value, valueTarget),
        valueOnCreation: snapshot.value,
        valueTarget,
        valueUpper,
        bars,
        expiresAt,
        message,
        status: 'Active',
        createdAt: options.now() as UnixMillis,
        triggeredAt: undefined,
        triggeredValue: undefined,
        triggerCount: 0,
        lastFiredPeriod: undefined,
        creationCandleTime: snapshot.candleTime,
        creationHigh: snapshot.high,
        creationLow: snapshot.low,
        channels: channelIds,
      };
      const outcome = await store.createAlert(alert, options.maxActiveAlerts);
      if (outcome === 'limit-reached') {
        throw new ApiProblem(
          'ALERT_LIMIT_REACHED',
          `You already have ${options.maxActiveAlerts} active alerts. Delete one before creating another.`,
        );
      }
      if (outcome === 'unknown-owner') {
        throw new ApiProblem(
          'SUBSCRIPTION_NOT_FOUND',
          'This owner was removed meanwhile (its last channel was). Enable push notifications again.',
        );
      }
      // Not awaited: the alert is stored, and the other processes hear of it no sooner when the
      // answer waits for the notification's round trip (with PostgreSQL, the third of a creation).
      void announce({ kind: 'created', alertIds: [alert.id] });
      return reply.code(201).send(toAlertJson(alert));
    },
  );

  app.get('/alerts', redactedRequestLog, async (request) => {
    const ownerId = readOwnerId(request.query);
    if (ownerId === undefined) return [];
    // A visit: the owner's push subscriptions are in use (SUBSCRIPTION_IDLE_DAYS counts from it).
    await store.markOwnerSeen(ownerId, options.now() as UnixMillis);
    const alerts = await store.listAlerts(ownerId);
    const firings = await store.listFirings(
      alerts.filter((alert) => alert.triggerCount > 0).map((alert) => alert.id),
      FIRINGS_IN_ALERT_JSON,
    );
    return alerts.map((alert) => toAlertJson(alert, firings.get(alert.id) ?? []));
  });

  app.delete<{ Params: { id: string } }>(
    '/alerts/:id',
    { ...redactedRequestLog, preHandler: limiter.preHandler },
    async (request, reply) => {
      const ownerId = readOwnerId(request.query);
      const id = request.params.id;
      const deleted =
        ownerId !== undefined &&
        wellFormedId(id) !== undefined &&
        (await store.deleteAlert(id, ownerId));
      if (!deleted) {
        throw new ApiProblem(
          'ALERT_NOT_FOUND',
          `There is no alert ${quoteInput(id)} for this owner.`,
        );
      }
      void announce({ kind: 'deleted', alertIds: [id] }); // not awaited, as for a creation
      return reply.code(204).send();
    },
  );

  app.get<{ Params: { id: string } }>(
    '/alerts/:id/deliveries',
    redactedRequestLog,
    async (request) => {
      const ownerId = readOwnerId(request.query);
      const id = request.params.id;
      const deliveries =
        ownerId !== undefined && wellFormedId(id) !== undefined
          ? await store.listDeliveries(id, ownerId)
          : undefined;
      if (!deliveries) {
        throw new ApiProblem(
          'ALERT_NOT_FOUND',
          `There is no alert ${quoteInput(id)} for this owner.`,
        );
      }
      return deliveries.map(toDeliveryJson);
    },
  );
};
