import {
  type AlertCondition,
  type AlertFrequency,
  type AlertType,
  type Interval,
  type SymbolId,
  type AlertDelivery,
} from '@pairwatch/domain';
import {
  type Channel,
  type ChannelTestResult,
  type CreatedTelegram,
  type CreatedWebhook,
  parseChannel,
  parseChannelKinds,
  parseChannelTestResult,
  parseDelivery,
} from '../channels/Channel';
import { type AlertEntry, isUnreadableAlert } from './AlertEntry';
import { ApiError } from './ApiError';
import { parseAlert } from './parseAlert';

/** The body of `POST /alerts` (architecture §3). */
export interface CreateAlertRequest {
  readonly symbol: SymbolId;
  readonly type: AlertType;
  readonly valueTarget: number;
  /** Whose alert it is: this browser's owner id (a legacy browser's is its subscription id). */
  readonly ownerId: string;
  /** The RSI interval; only for RSI alerts. */
  readonly rsiInterval?: Interval;
  /** What the alert watches; the api takes `Crossing` when absent. */
  readonly condition?: AlertCondition;
  /** How often it may fire; the api takes `OnlyOnce` when absent. */
  readonly frequency?: AlertFrequency;
  /** The bars it counts: the RSI interval, or the chart's interval for a price alert. */
  readonly interval?: Interval;
  /** A channel's upper bound (`valueTarget` is then the lower one). */
  readonly valueUpper?: number;
  /** A percent move's window in bars (`valueTarget` is then the percent). */
  readonly bars?: number;
  /** When it stops watching (ISO 8601, in the future); open-ended when absent. */
  readonly expiresAt?: string;
  /** The trader's own text, carried in the push (at most 500 characters). */
  readonly message?: string;
}

/** What `POST /push/subscriptions` answers: the subscription, and the owner it is a channel of. */
export interface PushRegistration {
  readonly subscriptionId: string;
  readonly ownerId: string;
}

/** A browser push subscription as `PushSubscription.toJSON()` gives it. */
export interface PushSubscriptionBody {
  readonly endpoint: string;
  readonly expirationTime?: number | null;
  readonly keys: { readonly p256dh: string; readonly auth: string };
}

type Fetch = typeof fetch;

/**
 * The api's alert, push-subscription, owner and channel endpoints (architecture §3, §9). Every failure rejects with an
 * {@link ApiError} carrying the api's problem+json `detail` when it sent one.
 */
export class AlertsClient {
  private readonly base: string;

  /**
   * @param apiUrl - the api origin (and optional base path), e.g. `http://127.0.0.1:5080`.
   * @param fetchFn - injectable for tests; the browser's `fetch` by default.
   */
  constructor(
    apiUrl: string,
    // Not named `fetch`: a parameter of that name would shadow the global in its own default.
    private readonly fetchFn: Fetch = (input, init) => globalThis.fetch(input, init),
  ) {
    this.base = apiUrl.replace(/\/+$/, '');
  }

  /** Creates an alert (`POST /alerts`) and returns it as {@link parseAlert} reads it. */
  async createAlert(request: CreateAlertRequest): Promise<AlertEntry> {
    return readLogged(await this.send('POST', '/alerts', request));
  }

  /**
   * The alerts of an owner (`GET /alerts?ownerId=`). One the page cannot read is an entry saying
   * so, never a failure of the whole list.
   */
  async listAlerts(ownerId: string): Promise<AlertEntry[]> {
    const body = await this.send('GET', `/alerts?ownerId=${encodeURIComponent(ownerId)}`);
    if (!Array.isArray(body)) {
      throw new ApiError('GET /alerts', 200, `expected an array, got ${typeof body}`, undefined);
    }
    return body.map(readLogged);
  }

  /**
   * Deletes one of the owner's alerts (`DELETE /alerts/{id}?ownerId=`).
   *
   * @param options - `keepalive: true` lets the request outlive the page (sent on `pagehide`).
   */
  async deleteAlert(
    id: string,
    ownerId: string,
    options: { readonly keepalive?: boolean } = {},
  ): Promise<void> {
    await this.send(
      'DELETE',
      `/alerts/${encodeURIComponent(id)}?ownerId=${encodeURIComponent(ownerId)}`,
      undefined,
      options.keepalive === true,
    );
  }

  /** The VAPID application server key, base64url (`GET /push/public-key`). */
  async getPushPublicKey(): Promise<string> {
    const body = (await this.send('GET', '/push/public-key')) as { publicKey?: unknown } | null;
    if (typeof body?.publicKey !== 'string' || body.publicKey === '') {
      throw new ApiError('GET /push/public-key', 200, 'the answer has no publicKey', undefined);
    }
    return body.publicKey;
  }

  /**
   * Registers a browser push subscription (`POST /push/subscriptions`), as a push channel of
   * `ownerId` when given (else the browser is an owner of its own, as before owners).
   */
  async registerPushSubscription(
    subscription: PushSubscriptionBody,
    ownerId?: string,
  ): Promise<PushRegistration> {
    const body = (await this.send(
      'POST',
      '/push/subscriptions',
      ownerId === undefined ? subscription : { ...subscription, ownerId },
    )) as { subscriptionId?: unknown; ownerId?: unknown } | null;
    if (typeof body?.subscriptionId !== 'string' || body.subscriptionId === '') {
      throw new ApiError(
        'POST /push/subscriptions',
        200,
        'the answer has no subscriptionId',
        undefined,
      );
    }
    // An api from before owners answers the id alone: the browser is its own owner there.
    const owner =
      typeof body.ownerId === 'string' && body.ownerId !== '' ? body.ownerId : body.subscriptionId;
    return { subscriptionId: body.subscriptionId, ownerId: owner };
  }

  /** Makes a new owner (`POST /owners`) and returns its id. */
  async createOwner(): Promise<string> {
    const body = (await this.send('POST', '/owners', {})) as { ownerId?: unknown } | null;
    if (typeof body?.ownerId !== 'string' || body.ownerId === '') {
      throw new ApiError('POST /owners', 201, 'the answer has no ownerId', undefined);
    }
    return body.ownerId;
  }

  /** The channel kinds this server offers (`GET /channels/kinds`); Telegram only when set up. */
  async listChannelKinds(): Promise<Channel['kind'][]> {
    return parseChannelKinds(await this.send('GET', '/channels/kinds'));
  }

  /** The owner's channels, push included (`GET /channels?ownerId=`); unknown kinds are skipped. */
  async listChannels(ownerId: string): Promise<Channel[]> {
    const body = await this.send('GET', `/channels?ownerId=${encodeURIComponent(ownerId)}`);
    if (!Array.isArray(body)) {
      throw new ApiError('GET /channels', 200, `expected an array, got ${typeof body}`, undefined);
    }
    return body.flatMap((value: unknown) => {
      const channel = parseChannel(value);
      return channel === undefined ? [] : [channel];
    });
  }

  /** Adds a webhook (`POST /channels`); the answer holds its signing secret, this once. */
  async createWebhook(
    ownerId: string,
    webhook: { readonly url: string; readonly template?: string },
  ): Promise<CreatedWebhook> {
    const body = await this.send('POST', '/channels', { ownerId, kind: 'webhook', ...webhook });
    const channel = parseChannel(body);
    const secret = (body as { secret?: unknown } | null)?.secret;
    if (channel?.kind !== 'webhook' || typeof secret !== 'string') {
      throw new ApiError(
        'POST /channels',
        201,
        'the answer is not a webhook with a secret',
        undefined,
      );
    }
    return { ...channel, secret };
  }

  /** Starts a Telegram channel (`POST /channels`): unlinked until a chat opens its `linkUrl`. */
  async createTelegram(ownerId: string): Promise<CreatedTelegram> {
    const channel = parseChannel(
      await this.send('POST', '/channels', { ownerId, kind: 'telegram' }),
    );
    if (channel?.kind !== 'telegram' || channel.linkUrl === undefined) {
      throw new ApiError('POST /channels', 201, 'the answer is not a Telegram link', undefined);
    }
    return { ...channel, linkUrl: channel.linkUrl };
  }

  /** Removes one of the owner's channels (`DELETE /channels/{id}?ownerId=`). */
  async deleteChannel(id: string, ownerId: string): Promise<void> {
    await this.send(
      'DELETE',
      `/channels/${encodeURIComponent(id)}?ownerId=${encodeURIComponent(ownerId)}`,
    );
  }

  /** Sends a test message to a channel now (`POST /channels/{id}/test?ownerId=`). */
  async testChannel(id: string, ownerId: string): Promise<ChannelTestResult> {
    return parseChannelTestResult(
      await this.send(
        'POST',
        `/channels/${encodeURIComponent(id)}/test?ownerId=${encodeURIComponent(ownerId)}`,
      ),
    );
  }

  /** Where an alert's firings went (`GET /alerts/{id}/deliveries?ownerId=`), as the api logged it. */
  async listDeliveries(alertId: string, ownerId: string): Promise<AlertDelivery[]> {
    const body = await this.send(
      'GET',
      `/alerts/${encodeURIComponent(alertId)}/deliveries?ownerId=${encodeURIComponent(ownerId)}`,
    );
    if (!Array.isArray(body)) {
      throw new ApiError('GET /alerts/{id}/deliveries', 200, 'expected an array', undefined);
    }
    return body.flatMap((value: unknown) => {
      const delivery = parseDelivery(value);
      return delivery === undefined ? [] : [delivery];
    });
  }

  private async send(
    method: string,
    path: string,
    body?: unknown,
    keepalive = false,
  ): Promise<unknown> {
    const operation = `${method} ${path.split('?')[0]}`;
    let response: Response;
    try {
      response = await this.fetchFn(`${this.base}${path}`, {
        method,
        headers:
          body === undefined
            ? { accept: 'application/json' }
            : {
                accept: 'application/json',
                'content-type': 'application/json',
              },
        body: body === undefined ? undefined : JSON.stringify(body),
        ...(keepalive ? { keepalive } : {}),
      });
    } catch (error) {
      throw new ApiError(operation, 0, undefined, undefined, { cause: error });
    }
    const text = await response.text().catch(() => '');
    const json = parseJson(text);
    if (!response.ok) {
      const { detail, code } = describeErrorBody(json);
      throw new ApiError(operation, response.status, detail, code);
    }
    return json;
  }
}

/** Reads an alert; one the page cannot read is named in the console (the row only says so). */
function readLogged(value: unknown): AlertEntry {
  const entry = parseAlert(value);
  if (isUnreadableAlert(entry))
    console.warn('[alerts] an alert this page cannot read:', entry.problem);
  return entry;
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** problem+json gives `detail` (and `code`); the original api answered with a bare JSON string. */
function describeErrorBody(json: unknown): {
  detail: string | undefined;
  code: string | undefined;
} {
  if (typeof json === 'string' && json.trim() !== '') return { detail: json, code: undefined };
  if (typeof json === 'object' && json !== null) {
    const { detail, code } = json as Record<string, unknown>;
    return {
      detail: typeof detail === 'string' && detail !== '' ? detail : undefined,
      code: typeof code === 'string' ? code : undefined,
    };
  }
  return { detail: undefined, code: undefined };
}
