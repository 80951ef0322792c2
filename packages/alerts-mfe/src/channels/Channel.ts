import { type AlertDelivery } from '@pairwatch/domain';
// An owner's channels, the places its alerts go, and what the api logged of each delivery, as the
// api answers them (docs/architecture.md §3, §9). Read loosely: a field the page does not know is
// dropped, a channel or delivery it cannot read is skipped rather than breaking the panel.

/** This browser's (or another browser's) Web Push subscription. */
export interface PushChannel {
  readonly kind: 'push';
  readonly id: string;
  /** The push service's host, e.g. `fcm.googleapis.com`. */
  readonly service: string;
  readonly createdAt: string;
}

/** An http(s) URL that gets a signed `POST` per firing. */
export interface WebhookChannel {
  readonly kind: 'webhook';
  readonly id: string;
  readonly url: string;
  readonly template?: string;
  /** The receiver said it is gone (410): nothing is sent any more. */
  readonly disabled: boolean;
  readonly createdAt: string;
}

/** A chat with the Pairwatch bot, linked once the person pressed Start in Telegram. */
export interface TelegramChannel {
  readonly kind: 'telegram';
  readonly id: string;
  readonly linked: boolean;
  /** The bot's `t.me` link, while not linked. */
  readonly linkUrl?: string;
  /** The chat blocked the bot or was deleted. */
  readonly disabled: boolean;
  readonly createdAt: string;
}

/** One place an owner's alerts go. */
export type Channel = PushChannel | WebhookChannel | TelegramChannel;

/** A webhook just made: its signing secret is in this answer only. */
export interface CreatedWebhook extends WebhookChannel {
  readonly secret: string;
}

/** A Telegram channel just made, with the link that connects a chat. */
export interface CreatedTelegram extends TelegramChannel {
  readonly linkUrl: string;
}

/** What a test message did. */
export interface ChannelTestResult {
  readonly status: 'Delivered' | 'Failed';
  readonly statusCode?: number;
  readonly error?: string;
}

const KINDS: readonly Channel['kind'][] = ['push', 'webhook', 'telegram'];

type Fields = Record<string, unknown>;

function fields(value: unknown): Fields | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Fields)
    : undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function isKind(value: unknown): value is Channel['kind'] {
  return KINDS.includes(value as Channel['kind']);
}

/** `GET /channels/kinds`: the kinds this page knows, in the api's order. */
export function parseChannelKinds(value: unknown): Channel['kind'][] {
  const kinds = fields(value)?.kinds;
  return Array.isArray(kinds) ? kinds.filter(isKind) : [];
}

/** One channel of `GET /channels` (or `POST /channels`); undefined when the page cannot read it. */
export function parseChannel(value: unknown): Channel | undefined {
  const json = fields(value);
  const id = text(json?.id);
  if (json === undefined || id === undefined) return undefined;
  const createdAt = text(json.createdAt) ?? '';
  switch (json.kind) {
    case 'push':
      return { kind: 'push', id, service: text(json.service) ?? '', createdAt };
    case 'webhook': {
      const url = text(json.url);
      if (url === undefined) return undefined;
      const template = text(json.template);
      return {
        kind: 'webhook',
        id,
        url,
        ...(template === undefined ? {} : { template }),
        disabled: json.disabled === true,
        createdAt,
      };
    }
    case 'telegram': {
      const linkUrl = text(json.linkUrl);
      return {
        kind: 'telegram',
        id,
        linked: json.linked === true,
        ...(linkUrl === undefined ? {} : { linkUrl }),
        disabled: json.disabled === true,
        createdAt,
      };
    }
    default:
      return undefined;
  }
}

/** `POST /channels/{id}/test`. */
export function parseChannelTestResult(value: unknown): ChannelTestResult {
  const json = fields(value);
  const statusCode = json?.statusCode;
  const error = text(json?.error);
  return {
    status: json?.status === 'Delivered' ? 'Delivered' : 'Failed',
    ...(typeof statusCode === 'number' ? { statusCode } : {}),
    ...(error === undefined ? {} : { error }),
  };
}

/** One entry of `GET /alerts/{id}/deliveries`; undefined when the page cannot read it. */
export function parseDelivery(value: unknown): AlertDelivery | undefined {
  const json = fields(value);
  const id = text(json?.id);
  const channelId = text(json?.channelId);
  const status = json?.status;
  if (
    json === undefined ||
    id === undefined ||
    channelId === undefined ||
    !isKind(json.kind) ||
    (status !== 'Delivered' && status !== 'Retrying' && status !== 'Failed')
  )
    return undefined;
  const lastError = text(json.lastError);
  const deliveredAt = text(json.deliveredAt);
  return {
    id,
    channelId,
    kind: json.kind,
    status,
    attempts: typeof json.attempts === 'number' ? json.attempts : 0,
    createdAt: text(json.createdAt) ?? '',
    ...(typeof json.lastStatusCode === 'number' ? { lastStatusCode: json.lastStatusCode } : {}),
    ...(lastError === undefined ? {} : { lastError }),
    ...(deliveredAt === undefined ? {} : { deliveredAt }),
  };
}
