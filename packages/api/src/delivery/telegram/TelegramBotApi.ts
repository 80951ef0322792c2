import { errorMessage } from '../../util/errorMessage';
import { TelegramApiError } from './TelegramApiError';

/** Where the Bot API is when `TELEGRAM_API_URL` is not set. */
export const DEFAULT_TELEGRAM_API_URL = 'https://api.telegram.org';

/** Deadline of a call that is not a long poll. */
const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;
/** A long poll's request may take its poll timeout plus this long. */
const LONG_POLL_MARGIN_MS = 10_000;

/** Telegram's `User`, the fields Pairwatch reads. */
export interface TelegramUser {
  readonly id: number;
  readonly is_bot: boolean;
  readonly first_name: string;
  readonly username?: string;
}

/** Telegram's `Chat`, the fields Pairwatch reads. */
export interface TelegramChat {
  readonly id: number;
  readonly type: string;
}

/** Telegram's `Message`, the fields Pairwatch reads. */
export interface TelegramMessage {
  readonly message_id: number;
  readonly date: number;
  readonly chat: TelegramChat;
  readonly text?: string;
}

/** Telegram's `Update`, the fields Pairwatch reads. */
export interface TelegramUpdate {
  readonly update_id: number;
  readonly message?: TelegramMessage;
}

/** Options of {@link TelegramBotApi}. */
export interface TelegramBotApiOptions {
  /** The bot's token (`TELEGRAM_BOT_TOKEN`); it is part of every request's path, never logged. */
  readonly token: string;
  /** `TELEGRAM_API_URL`; default https://api.telegram.org. */
  readonly apiUrl?: string;
  /** Deadline of a call that is not a long poll. Default 10 s. */
  readonly requestTimeoutMs?: number;
}

/** The Bot API's answer envelope. */
interface Envelope {
  readonly ok?: unknown;
  readonly result?: unknown;
  readonly error_code?: unknown;
  readonly description?: unknown;
  readonly parameters?: { readonly retry_after?: unknown };
}

/**
 * A small client of Telegram's Bot API: the three methods Pairwatch needs, each a JSON POST to
 * `${apiUrl}/bot${token}/${method}`. A failed call throws {@link TelegramApiError} with
 * Telegram's `error_code`, `description` and `retry_after`; every call has a deadline and can be
 * aborted. The token is a password to the bot, so no error message, log line or thrown error
 * carries it (nor the request URL, which holds it).
 */
export class TelegramBotApi {
  private readonly baseUrl: string;
  private readonly token: string;
  private readonly requestTimeoutMs: number;

  constructor(options: TelegramBotApiOptions) {
    this.token = options.token;
    this.baseUrl = (options.apiUrl ?? DEFAULT_TELEGRAM_API_URL).replace(/\/+$/, '');
    this.requestTimeoutMs = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  }

  /** The bot itself: its username, for `t.me/<bot>` links. */
  getMe(signal?: AbortSignal): Promise<TelegramUser> {
    return this.call<TelegramUser>('getMe', {}, this.requestTimeoutMs, signal);
  }

  /**
   * Long-polls for updates: answers as soon as there are some from `offset` on (which confirms
   * every earlier one), or with none after `timeout` seconds.
   */
  getUpdates(
    params: {
      readonly offset?: number;
      readonly timeout: number;
      readonly limit?: number;
      readonly allowed_updates?: readonly string[];
    },
    signal?: AbortSignal,
  ): Promise<TelegramUpdate[]> {
    const deadline = params.timeout * 1000 + LONG_POLL_MARGIN_MS;
    return this.call<TelegramUpdate[]>('getUpdates', params, deadline, signal);
  }

  /** Sends a plain text message (no parse mode: the text arrives as written). */
  sendMessage(
    params: {
      readonly chat_id: string | number;
      readonly text: string;
      readonly disable_web_page_preview?: boolean;
    },
    signal?: AbortSignal,
  ): Promise<TelegramMessage> {
    return this.call<TelegramMessage>('sendMessage', params, this.requestTimeoutMs, signal);
  }

  private async call<T>(
    method: string,
    params: object,
    timeoutMs: number,
    signal: AbortSignal | undefined,
  ): Promise<T> {
    const deadline = AbortSignal.timeout(timeoutMs);
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${this.baseUrl}/bot${this.token}/${method}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(params),
        signal: signal ? AbortSignal.any([signal, deadline]) : deadline,
      });
      text = await response.text();
    } catch (error: unknown) {
      if (signal?.aborted) throw signal.reason;
      const why = deadline.aborted ? `no answer within ${timeoutMs} ms` : this.describe(error);
      throw new TelegramApiError(method, undefined, why);
    }
    const envelope = parseEnvelope(text);
    if (envelope.ok === true) return envelope.result as T;
    // A proxy's HTML error page has no envelope: its HTTP status stands in for error_code.
    const code = typeof envelope.error_code === 'number' ? envelope.error_code : response.status;
    const description =
      typeof envelope.description === 'string'
        ? this.redact(envelope.description)
        : `HTTP ${response.status} without a Bot API answer`;
    const retryAfter = envelope.parameters?.retry_after;
    throw new TelegramApiError(
      method,
      code,
      description,
      typeof retryAfter === 'number' ? retryAfter : undefined,
    );
  }

  /** A network failure in a few words: fetch's own message, its cause's, without the token. */
  private describe(error: unknown): string {
    const cause = (error as { cause?: unknown } | null)?.cause;
    const detail = cause === undefined ? '' : `: ${errorMessage(cause)}`;
    return this.redact(`${errorMessage(error)}${detail}`);
  }

  private redact(text: string): string {
    return this.token === '' ? text : text.split(this.token).join('<token>');
  }
}

function parseEnvelope(text: string): Envelope {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Envelope) : {};
  } catch {
    return {};
  }
}
