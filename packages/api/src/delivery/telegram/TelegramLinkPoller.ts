import { backoffWithJitter, type BackoffTiming } from '../../util/backoffWithJitter';
import { type ServiceLogger } from '../../util/ServiceLogger';
import { errorMessage } from '../../util/errorMessage';
import { TelegramApiError } from './TelegramApiError';
import { type TelegramBotApi, type TelegramMessage } from './TelegramBotApi';

/** What linking a code to a chat came to. */
export type TelegramLinkResult = 'linked' | 'unknown';

/** Options of {@link TelegramLinkPoller}. */
export interface TelegramLinkPollerOptions {
  readonly api: Pick<TelegramBotApi, 'getUpdates' | 'sendMessage'>;
  /**
   * Ties the channel holding `code` to `chatId`; 'unknown' when no channel waits for that code.
   * Should answer 'linked' again for the same code and chat: after a crash between linking and
   * polling on, Telegram sends that `/start` again.
   */
  readonly link: (code: string, chatId: string) => Promise<TelegramLinkResult>;
  /** The bot's username: a `/start@OtherBot code` in a group is not for us. Unset: any. */
  readonly botUsername?: string;
  readonly logger: ServiceLogger;
  /** Seconds one long poll waits for updates. Default 30. */
  readonly pollTimeoutSeconds?: number;
  /** Backoff after a failed poll. Default 1 s doubling to 1 min. */
  readonly backoff?: BackoffTiming;
  /** A number in [0, 1), for the backoff's jitter (tests). */
  readonly random?: () => number;
}

/** What the bot answers in the chat. */
export const TELEGRAM_LINK_REPLIES = {
  linked: 'Pairwatch alerts will arrive in this chat.',
  unknown:
    'That link has expired or was already used. Open Where alerts go in Pairwatch and press Connect Telegram again.',
  noCode:
    'To get Pairwatch alerts here, open Where alerts go in Pairwatch and press Connect Telegram.',
} as const;

/** How long `stop()` waits to confirm the handled updates. */
const CONFIRM_TIMEOUT_MS = 2_000;

/** `/start <code>` or `/start@BotName <code>`, as a `t.me/<bot>?start=<code>` link sends it. */
const START = /^\/start(?:@([A-Za-z0-9_]+))?(?:\s+(\S+))?\s*$/;

/**
 * Links Telegram chats to channels: long-polls the bot's updates (each poll's offset confirms the
 * ones before), and for each `/start <code>` calls `link(code, chatId)` and answers in that chat.
 * Failed polls back off (Telegram's `retry_after` when it gives one). Exactly one process of a
 * cluster may poll a bot — Telegram ends a second poller's requests with 409 — so the caller
 * decides which one runs it, and when ({@link start}, {@link stop}).
 */
export class TelegramLinkPoller {
  private readonly pollTimeoutSeconds: number;
  private readonly backoff: BackoffTiming;
  private readonly random: () => number;
  private controller: AbortController | undefined = undefined;
  private loop: Promise<void> | undefined = undefined;
  /** The next update wanted: one past the last one handled. */
  private offset: number | undefined = undefined;
  /** The offset last sent to Telegram: the updates before it will not come again. */
  private confirmedOffset: number | undefined = undefined;

  constructor(private readonly options: TelegramLinkPollerOptions) {
    this.pollTimeoutSeconds = options.pollTimeoutSeconds ?? 30;
    this.backoff = options.backoff ?? { baseMs: 1_000, maxMs: 60_000 };
    this.random = options.random ?? Math.random;
  }

  /** Starts polling; a no-op when it already runs. */
  start(): void {
    if (this.loop !== undefined) return;
    const controller = new AbortController();
    this.controller = controller;
    this.loop = this.run(controller.signal);
  }

  /**
   * Stops polling: aborts the pending poll and resolves once the loop has ended, after telling
   * Telegram which updates were handled (a short poll with the next offset, at most 2 s), so the
   * next poller, here or in another process, does not answer a `/start` twice.
   */
  async stop(): Promise<void> {
    if (this.loop === undefined) return;
    this.controller?.abort();
    await this.loop;
    this.controller = undefined;
    this.loop = undefined;
    if (this.offset === undefined || this.offset === this.confirmedOffset) return;
    try {
      await this.options.api.getUpdates(
        { offset: this.offset, timeout: 0, limit: 1, allowed_updates: ['message'] },
        AbortSignal.timeout(CONFIRM_TIMEOUT_MS),
      );
      this.confirmedOffset = this.offset;
    } catch {
      // Best effort: at worst a link is answered again (link() is idempotent for the same chat).
    }
  }

  private async run(signal: AbortSignal): Promise<void> {
    let failures = 0;
    while (!signal.aborted) {
      try {
        const requested = this.offset;
        const updates = await this.options.api.getUpdates(
          {
            ...(requested !== undefined ? { offset: requested } : {}),
            timeout: this.pollTimeoutSeconds,
            allowed_updates: ['message'],
          },
          signal,
        );
        this.confirmedOffset = requested;
        for (const update of updates) {
          if (signal.aborted) break;
          // A failing link() throws out of the batch: the update stays unconfirmed, comes again.
          const reply = update.message ? await this.link(update.message) : undefined;
          // Linked: the update is done, even if stopped before the answer goes out.
          this.offset = update.update_id + 1;
          if (reply) await this.answer(reply.chatId, reply.text, signal);
        }
        failures = 0;
      } catch (error: unknown) {
        if (signal.aborted) break;
        const delayMs = this.delayAfter(error, failures);
        failures += 1;
        this.options.logger.warn(
          { err: errorMessage(error), delayMs },
          'Telegram link poll failed; polling again after a pause',
        );
        await sleep(delayMs, signal);
      }
    }
  }

  /** Links the chat of a `/start <code>`; what to answer there. Other messages are not for us. */
  private async link(
    message: TelegramMessage,
  ): Promise<{ readonly chatId: number; readonly text: string } | undefined> {
    const match = START.exec(message.text?.trim() ?? '');
    if (!match) return undefined;
    const [, bot, code] = match;
    const { botUsername } = this.options;
    if (bot !== undefined && botUsername && bot.toLowerCase() !== botUsername.toLowerCase())
      return undefined;
    const chatId = String(message.chat.id);
    const result = code === undefined ? 'noCode' : await this.options.link(code, chatId);
    if (result === 'linked') this.options.logger.info({ chatId }, 'Telegram chat linked');
    return { chatId: message.chat.id, text: TELEGRAM_LINK_REPLIES[result] };
  }

  /** Answers in the chat; a failure is logged only: the link holds, the first alert shows it. */
  private async answer(chatId: number, text: string, signal: AbortSignal): Promise<void> {
    try {
      await this.options.api.sendMessage({ chat_id: chatId, text }, signal);
    } catch (error: unknown) {
      if (signal.aborted) return;
      this.options.logger.warn(
        { chatId: String(chatId), err: errorMessage(error) },
        'could not answer a Telegram /start',
      );
    }
  }

  /** How long to pause after a failed poll: Telegram's `retry_after`, else the backoff. */
  private delayAfter(error: unknown, failures: number): number {
    if (error instanceof TelegramApiError && error.retryAfterSeconds !== undefined)
      return error.retryAfterSeconds * 1000;
    return backoffWithJitter(failures, this.backoff, this.random);
  }
}

/** Waits `ms`, or less when `signal` aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
