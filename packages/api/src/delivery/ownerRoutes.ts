import { MAX_WEBHOOK_TEMPLATE_LENGTH, type UnixMillis, type UnixSeconds } from '@pairwatch/domain';
import { type FastifyPluginAsync } from 'fastify';
import { ApiProblem } from '../errors/ApiProblem';
import { quoteInput } from '../errors/quoteInput';
import { redactedRequestLog } from '../http/redactedRequestLog';
import { type WriteRateLimiter } from '../http/WriteRateLimiter';
import { type ClientCreationBudget } from '../push/ClientCreationBudget';
import { type AlertRecord, type AlertStore } from '../storage/AlertStore';
import { randomId, wellFormedId } from '../storage/recordId';
import { type AlertFiringEvent, type ChannelRecord, type DeliveryChannel } from './DeliveryChannel';
import { type DeliveryChannels } from './DeliverySender';
import { readOwnerId } from './readOwnerId';
import { createTelegramLinkCode, telegramLinkUrl } from './telegram/telegramLink';
import { createWebhookSecret } from './webhook/signWebhook';
import { MAX_WEBHOOK_URL_LENGTH, validateWebhookUrl } from './webhook/validateWebhookUrl';

/** Options of {@link ownerRoutes}. */
export interface OwnerRoutesOptions {
  readonly store: AlertStore;
  readonly channels: DeliveryChannels;
  readonly limiter: WriteRateLimiter;
  readonly now: () => number;
  /** `PUSH_ALLOW_PRIVATE_ENDPOINTS`: webhooks on loopback and private hosts (tests only). */
  readonly allowPrivateEndpoints: boolean;
  /**
   * The bot's username once known (`TELEGRAM_BOT_TOKEN` set and the bot introduced itself):
   * Telegram is offered then.
   */
  readonly telegramBot: () => string | undefined;
  /** Owners stored at most (`MAX_PUSH_SUBSCRIPTIONS`, the same bound as browsers). */
  readonly maxOwners: number;
  /** Webhook and Telegram channels per owner at most. */
  readonly maxChannelsPerOwner: number;
  /** The per-address (IPv6: per /64) budget new owners share with new push subscriptions. */
  readonly creationBudget?: ClientCreationBudget;
}

/** A channel as the api answers it: never a webhook's secret (shown once, at creation). */
function toChannelJson(channel: ChannelRecord, telegramBot: string | undefined): object {
  const base = {
    id: channel.id,
    kind: channel.kind,
    createdAt: new Date(channel.createdAt).toISOString(),
  };
  switch (channel.kind) {
    case 'push':
      // The push service's host says which browser vendor it is; the endpoint stays private.
      return { ...base, service: new URL(channel.subscription.endpoint).host };
    case 'webhook':
      return {
        ...base,
        url: channel.url,
        ...(channel.template !== undefined ? { template: channel.template } : {}),
        ...(channel.disabledAt !== undefined ? { disabled: true } : {}),
      };
    case 'telegram':
      return {
        ...base,
        linked: channel.chatId !== undefined,
        ...(channel.chatId === undefined && telegramBot !== undefined
          ? { linkUrl: telegramLinkUrl(telegramBot, channel.linkCode) }
          : {}),
        ...(channel.disabledAt !== undefined ? { disabled: true } : {}),
      };
  }
}

/** What a test message says: a made-up firing, marked as a test in every field a person reads. */
function testEvent(ownerId: string, now: number): AlertFiringEvent {
  const alert: AlertRecord = {
    id: 'test',
    ownerId,
    symbol: 'BTCUSDT',
    type: 'Price',
    interval: 'OneMinute',
    condition: 'Crossing',
    frequency: 'OnlyOnce',
    direction: 'up',
    valueOnCreation: 0,
    valueTarget: 0,
    valueUpper: undefined,
    bars: undefined,
    expiresAt: undefined,
    message: 'Test message from Pairwatch: this channel works.',
    status: 'Triggered',
    createdAt: now as UnixMillis,
    triggeredAt: now as UnixMillis,
    triggeredValue: 0,
    triggerCount: 1,
    lastFiredPeriod: undefined,
    creationCandleTime: Math.floor(now / 1000) as UnixSeconds,
    creationHigh: 0,
    creationLow: 0,
    channels: undefined,
  };
  return {
    alert,
    firedAt: now as UnixMillis,
    value: 0,
    bar: undefined,
    simulated: false,
    text: { title: 'Pairwatch test', body: 'Test message from Pairwatch: this channel works.' },
  };
}

/**
 * `POST /owners`, and an owner's channels: `POST /channels` (webhook or Telegram; a webhook's
 * secret is in this answer only), `GET /channels?ownerId=`, `DELETE /channels/{id}?ownerId=` and
 * `POST /channels/{id}/test?ownerId=` (docs/architecture.md §3, §9). Another owner's channel is
 * answered exactly like a missing one (404).
 */
export const ownerRoutes: FastifyPluginAsync<OwnerRoutesOptions> = async (app, options) => {
  const { store, limiter } = options;

  app.post(
    '/owners',
    { ...redactedRequestLog, preHandler: limiter.preHandler },
    async (request, reply) => {
      // Issue #27: the client's own budget first, so that one address cannot fill the global one.
      const createdBy = await options.creationBudget?.claim(request);
      // A bound on the table's growth, not an exact quota (a burst may pass it by a few).
      if ((await store.countOwners()) >= options.maxOwners) {
        throw new ApiProblem(
          'OWNER_LIMIT_REACHED',
          'This service cannot take more owners right now. Please try again later.',
          3600,
        );
      }
      const ownerId = randomId();
      await store.createOwner(ownerId, options.now() as UnixMillis, createdBy);
      return reply.code(201).send({ ownerId });
    },
  );

  // Which kinds a person can add here (the UI offers Telegram only when the operator set it up).
  app.get('/channels/kinds', async () => ({
    kinds: ['push', 'webhook', ...(options.telegramBot() === undefined ? [] : ['telegram'])],
  }));

  /** The owner a request names, which must exist. */
  async function existingOwner(fields: unknown): Promise<string> {
    const ownerId = readOwnerId(fields);
    if (ownerId === undefined || !(await store.ownerExists(ownerId))) {
      throw new ApiProblem(
        'OWNER_NOT_FOUND',
        'There is no such owner: use the ownerId POST /owners gave you.',
      );
    }
    return ownerId;
  }

  app.post(
    '/channels',
    { ...redactedRequestLog, preHandler: limiter.preHandler, bodyLimit: 16_384 },
    async (request, reply) => {
      const body = request.body;
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        throw new ApiProblem(
          'INVALID_CHANNEL',
          "Send a JSON object: { ownerId, kind: 'webhook', url, template? } or { ownerId, kind: 'telegram' }.",
        );
      }
      const fields = body as Record<string, unknown>;
      const now = options.now() as UnixMillis;
      let channel: ChannelRecord;
      if (fields.kind === 'webhook') {
        const { url, template } = fields;
        if (typeof url !== 'string' || url.length > MAX_WEBHOOK_URL_LENGTH) {
          throw new ApiProblem(
            'INVALID_CHANNEL',
            `url must be an http:// or https:// URL of at most ${MAX_WEBHOOK_URL_LENGTH} characters.`,
          );
        }
        const urlProblem = validateWebhookUrl(url, options.allowPrivateEndpoints);
        if (urlProblem !== undefined) throw new ApiProblem('INVALID_CHANNEL', urlProblem);
        if (template !== undefined && template !== null && typeof template !== 'string') {
          throw new ApiProblem('INVALID_CHANNEL', 'template must be a JSON string.');
        }
        if (typeof template === 'string' && template.length > MAX_WEBHOOK_TEMPLATE_LENGTH) {
          throw new ApiProblem(
            'INVALID_CHANNEL',
            `template must be at most ${MAX_WEBHOOK_TEMPLATE_LENGTH} characters; it has ${template.length}.`,
          );
        }
        channel = {
          kind: 'webhook',
          id: randomId(),
          ownerId: '',
          createdAt: now,
          url,
          template: typeof template === 'string' && template.trim() !== '' ? template : undefined,
          secret: createWebhookSecret(),
          disabledAt: undefined,
        };
      } else if (fields.kind === 'telegram') {
        if (options.telegramBot() === undefined) {
          throw new ApiProblem(
            'CHANNEL_NOT_OFFERED',
            'Telegram is not set up on this server: its operator has not set TELEGRAM_BOT_TOKEN.',
          );
        }
        channel = {
          kind: 'telegram',
          id: randomId(),
          ownerId: '',
          createdAt: now,
          linkCode: createTelegramLinkCode(),
          chatId: undefined,
          disabledAt: undefined,
        };
      } else {
        throw new ApiProblem(
          'INVALID_CHANNEL',
          `kind must be 'webhook' or 'telegram' (push channels are browsers: POST /push/subscriptions); got ${quoteInput(String(fields.kind))}.`,
        );
      }
      const ownerId = await existingOwner(fields);
      channel = { ...channel, ownerId };
      const outcome = await store.createChannel(channel, options.maxChannelsPerOwner);
      if (outcome === 'unknown-owner') {
        throw new ApiProblem('OWNER_NOT_FOUND', 'This owner was deleted meanwhile.');
      }
      if (outcome === 'limit-reached') {
        throw new ApiProblem(
          'CHANNEL_LIMIT_REACHED',
          `You already have ${options.maxChannelsPerOwner} webhook and Telegram channels. Delete one before adding another.`,
        );
      }
      const json = toChannelJson(channel, options.telegramBot());
      return reply
        .code(201)
        .send(channel.kind === 'webhook' ? { ...json, secret: channel.secret } : json);
    },
  );

  app.get('/channels', redactedRequestLog, async (request) => {
    const ownerId = readOwnerId(request.query);
    if (ownerId === undefined) return [];
    const channels = await store.listChannels(ownerId);
    return channels.map((channel) => toChannelJson(channel, options.telegramBot()));
  });

  const notFound = () =>
    new ApiProblem('CHANNEL_NOT_FOUND', 'There is no such channel for this owner.');

  app.delete<{ Params: { id: string } }>(
    '/channels/:id',
    { ...redactedRequestLog, preHandler: limiter.preHandler },
    async (request, reply) => {
      const ownerId = readOwnerId(request.query);
      const id = wellFormedId(request.params.id);
      if (ownerId === undefined || id === undefined || !(await store.deleteChannel(id, ownerId))) {
        throw notFound();
      }
      return reply.code(204).send();
    },
  );

  app.post<{ Params: { id: string } }>(
    '/channels/:id/test',
    { ...redactedRequestLog, preHandler: limiter.preHandler },
    async (request) => {
      const ownerId = readOwnerId(request.query);
      const id = wellFormedId(request.params.id);
      const channel =
        ownerId === undefined || id === undefined
          ? undefined
          : (await store.listChannels(ownerId)).find((candidate) => candidate.id === id);
      if (!channel) throw notFound();
      const sender = options.channels[channel.kind] as DeliveryChannel | undefined;
      if (!sender) {
        throw new ApiProblem(
          'CHANNEL_NOT_OFFERED',
          `${channel.kind} delivery is not set up on this server.`,
        );
      }
      const now = options.now();
      const message = sender.render(testEvent(ownerId ?? '', now), channel as never);
      const outcome = await sender.send(
        { id: randomId(), alertId: 'test', attempts: 0, createdAt: now as UnixMillis, ...message },
        channel as never,
      );
      return {
        channelId: channel.id,
        status: outcome.kind === 'delivered' ? 'Delivered' : 'Failed',
        ...(outcome.status !== undefined ? { statusCode: outcome.status } : {}),
        ...(outcome.kind === 'delivered' ? {} : { error: outcome.reason }),
      };
    },
  );
};
