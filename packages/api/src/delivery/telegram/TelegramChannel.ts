import {
  type AlertFiringEvent,
  type DeliveryAttempt,
  type DeliveryChannel,
  type DeliveryOutcome,
  type RenderedMessage,
  type RetryPolicy,
  type TelegramChannelRecord,
} from '../DeliveryChannel';
import { errorMessage } from '../../util/errorMessage';
import { TelegramApiError } from './TelegramApiError';
import { type TelegramBotApi } from './TelegramBotApi';

/**
 * Telegram is retried like a webhook: soon, then less often, for a day. Its own flood control
 * (429 with `retry_after`) sets the pace when it speaks.
 */
export const TELEGRAM_RETRY_POLICY: RetryPolicy = {
  baseMs: 2_000,
  maxMs: 60 * 60 * 1_000,
  giveUpAfterMs: 24 * 60 * 60 * 1_000,
};

/** Telegram's limit for one message's text. */
export const MAX_TELEGRAM_MESSAGE_LENGTH = 4096;

/** Telegram's descriptions of a chat the bot can never write to again (with 400; 403 always is). */
const CHAT_GONE = /chat not found|user not found|chat was deleted|PEER_ID_INVALID/i;

/**
 * Delivers alerts to a linked Telegram chat through the Pairwatch bot: plain text (no parse mode,
 * so a trader's message arrives as typed), one message per firing.
 */
export class TelegramChannel implements DeliveryChannel<'telegram'> {
  readonly kind = 'telegram';
  readonly retry = TELEGRAM_RETRY_POLICY;

  constructor(private readonly api: Pick<TelegramBotApi, 'sendMessage'>) {}

  /**
   * The message: the title line ("BTCUSDT price alert"), what happened with the value
   * ("BTCUSDT price rose to 65,000.00", then " (simulated market)" when simulated), and the
   * alert's message on a line of its own; cut to Telegram's 4096 characters.
   */
  render(event: AlertFiringEvent, _channel: TelegramChannelRecord): RenderedMessage {
    const text = `${event.text.title}\n${event.text.body}`;
    return { topic: event.alert.id, payload: cutToLength(text, MAX_TELEGRAM_MESSAGE_LENGTH) };
  }

  /** One bot for every chat: Telegram's rate limit is the whole kind's. */
  destination(_channel: TelegramChannelRecord): string {
    return 'telegram';
  }

  async send(attempt: DeliveryAttempt, channel: TelegramChannelRecord): Promise<DeliveryOutcome> {
    if (channel.chatId === undefined) {
      return {
        kind: 'failed',
        status: undefined,
        reason: 'not linked yet: no Telegram chat has opened the link',
      };
    }
    try {
      await this.api.sendMessage({
        chat_id: channel.chatId,
        text: attempt.payload,
        disable_web_page_preview: true,
      });
      return { kind: 'delivered', status: 200 };
    } catch (error: unknown) {
      return telegramOutcome(error);
    }
  }
}

/** What a failed `sendMessage` means for the delivery. */
function telegramOutcome(error: unknown): DeliveryOutcome {
  if (!(error instanceof TelegramApiError)) {
    const reason = `could not send to Telegram: ${errorMessage(error)}`;
    return { kind: 'retry', status: undefined, retryAfterMs: undefined, reason };
  }
  const status = error.errorCode;
  const reason = error.message;
  if (status === undefined || status >= 500 || status < 400) {
    return { kind: 'retry', status, retryAfterMs: undefined, reason };
  }
  if (status === 429) {
    const retryAfterMs =
      error.retryAfterSeconds !== undefined ? error.retryAfterSeconds * 1000 : undefined;
    return { kind: 'retry', status, retryAfterMs, reason };
  }
  // A refused bot token (401; 404 for a malformed one, or a wrong TELEGRAM_API_URL) is the
  // server's misconfiguration, not this message's fault: retried, so the alerts still go out once
  // the operator fixes it.
  if (status === 401 || status === 404)
    return { kind: 'retry', status, retryAfterMs: undefined, reason };
  // 403: blocked by the user, the user deactivated, the bot kicked from the group.
  if (status === 403 || (status === 400 && CHAT_GONE.test(error.description))) {
    return { kind: 'gone', status, reason };
  }
  return { kind: 'failed', status, reason };
}

/** `text` cut to at most `max` UTF-16 units, never inside a surrogate pair, ending with "…". */
function cutToLength(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}…`;
}
