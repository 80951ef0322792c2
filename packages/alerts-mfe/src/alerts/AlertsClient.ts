import {
  type AlertCondition,
  type AlertFrequency,
  type AlertType,
  type Interval,
  type SymbolId,
} from '@pairwatch/domain';
import { type AlertEntry, isUnreadableAlert } from './AlertEntry';
import { ApiError } from './ApiError';
import { parseAlert } from './parseAlert';

/** The body of `POST /alerts` (architecture §3). */
export interface CreateAlertRequest {
  readonly symbol: SymbolId;
  readonly type: AlertType;
  readonly valueTarget: number;
  readonly subscriptionId: string;
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

/** A browser push subscription as `PushSubscription.toJSON()` gives it. */
export interface PushSubscriptionBody {
  readonly endpoint: string;
  readonly expirationTime?: number | null;
  readonly keys: { readonly p256dh: string; readonly auth: string };
}

type Fetch = typeof fetch;

/**
 * The api's alert and push-subscription endpoints (architecture §3). Every failure rejects with an
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
   * The alerts of a push subscription (`GET /alerts?subscriptionId=`). One the page cannot read is
   * an entry saying so, never a failure of the whole list.
   */
  async listAlerts(subscriptionId: string): Promise<AlertEntry[]> {
    const body = await this.send(
      'GET',
      `/alerts?subscriptionId=${encodeURIComponent(subscriptionId)}`,
    );
    if (!Array.isArray(body)) {
      throw new ApiError('GET /alerts', 200, `expected an array, got ${typeof body}`, undefined);
    }
    return body.map(readLogged);
  }

  /**
   * Deletes one of the subscription's alerts (`DELETE /alerts/{id}?subscriptionId=`).
   *
   * @param options - `keepalive: true` lets the request outlive the page (sent on `pagehide`).
   */
  async deleteAlert(
    id: string,
    subscriptionId: string,
    options: { readonly keepalive?: boolean } = {},
  ): Promise<void> {
    await this.send(
      'DELETE',
      `/alerts/${encodeURIComponent(id)}?subscriptionId=${encodeURIComponent(subscriptionId)}`,
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

  /** Registers a browser push subscription and returns its id (`POST /push/subscriptions`). */
  async registerPushSubscription(subscription: PushSubscriptionBody): Promise<string> {
    const body = (await this.send('POST', '/push/subscriptions', subscription)) as {
      subscriptionId?: unknown;
    } | null;
    if (typeof body?.subscriptionId !== 'string' || body.subscriptionId === '') {
      throw new ApiError(
        'POST /push/subscriptions',
        200,
        'the answer has no subscriptionId',
        undefined,
      );
    }
    return body.subscriptionId;
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
