/**
 * A Bot API call that failed: Telegram answered `ok: false` (`errorCode` and `description` are
 * Telegram's), or it could not be reached or answered nonsense (`errorCode` undefined). The
 * message never holds the bot token.
 */
export class TelegramApiError extends Error {
  constructor(
    readonly method: string,
    /** Telegram's `error_code` (an HTTP status); undefined when there was no Bot API answer. */
    readonly errorCode: number | undefined,
    /** Telegram's `description`, e.g. "Forbidden: bot was blocked by the user". */
    readonly description: string,
    /** Telegram's `parameters.retry_after`, in seconds (flood control, with 429). */
    readonly retryAfterSeconds: number | undefined = undefined,
  ) {
    super(
      `Telegram ${method} failed${errorCode !== undefined ? ` (${errorCode})` : ''}: ${description}`,
    );
    this.name = 'TelegramApiError';
  }
}
