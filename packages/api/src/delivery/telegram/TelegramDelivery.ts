import { type ClusterCoordinator } from '../../cluster/ClusterCoordinator';
import { type AlertStore } from '../../storage/AlertStore';
import { backoffWithJitter } from '../../util/backoffWithJitter';
import { OneShotTimer } from '../../util/OneShotTimer';
import { type ServiceLogger } from '../../util/ServiceLogger';
import { errorMessage } from '../../util/errorMessage';
import { TelegramBotApi } from './TelegramBotApi';
import { TelegramChannel } from './TelegramChannel';
import { TelegramLinkPoller } from './TelegramLinkPoller';

/** Options of {@link TelegramDelivery}. */
export interface TelegramDeliveryOptions {
  /** `TELEGRAM_BOT_TOKEN`. */
  readonly token: string;
  /** `TELEGRAM_API_URL`. */
  readonly apiUrl: string;
  readonly store: AlertStore;
  readonly coordinator: ClusterCoordinator;
  readonly logger: ServiceLogger;
  /** Seconds one long poll waits (tests shorten it). Default 30. */
  readonly pollTimeoutSeconds?: number;
}

/** Asking the bot its name again after a failure: from 1 s, doubling to 5 min. */
const INTRODUCTION_BACKOFF = { baseMs: 1_000, maxMs: 5 * 60 * 1_000 } as const;

/**
 * Telegram as the operator set it up (docs/architecture.md §9): the channel that sends alerts to
 * linked chats, the bot's username (asked with `getMe` at start and again until it answers; the
 * Telegram option is offered once it is known), and the poller that links chats by their
 * `/start <code>`, run by the alert-engine leader only (Telegram refuses a second poller of one
 * bot with 409).
 */
export class TelegramDelivery {
  readonly channel: TelegramChannel;
  private readonly api: TelegramBotApi;
  private readonly poller: TelegramLinkPoller;
  private readonly retry = new OneShotTimer();
  private username: string | undefined;
  private attempts = 0;
  private closed = false;

  constructor(private readonly options: TelegramDeliveryOptions) {
    this.api = new TelegramBotApi({ token: options.token, apiUrl: options.apiUrl });
    this.channel = new TelegramChannel(this.api);
    this.poller = new TelegramLinkPoller({
      api: this.api,
      link: (code, chatId) => options.store.linkTelegramChat(code, chatId),
      logger: options.logger,
      ...(options.pollTimeoutSeconds === undefined
        ? {}
        : { pollTimeoutSeconds: options.pollTimeoutSeconds }),
    });
    options.coordinator.onLeadershipChange((leading) => {
      if (leading && !this.closed) {
        this.poller.start();
        return;
      }
      return this.poller.stop();
    });
  }

  /** The bot's username once it introduced itself; undefined until then. */
  get botUsername(): string | undefined {
    return this.username;
  }

  /** Asks the bot its name (again, with backoff, until it answers). */
  start(): void {
    void this.introduce();
  }

  private async introduce(): Promise<void> {
    if (this.closed) return;
    try {
      const me = await this.api.getMe();
      if (me.username === undefined) throw new Error('the bot has no username');
      this.username = me.username;
      this.options.logger.info({ bot: me.username }, 'Telegram bot ready');
    } catch (error: unknown) {
      const delay = Math.round(backoffWithJitter(this.attempts, INTRODUCTION_BACKOFF, Math.random));
      this.attempts += 1;
      this.options.logger.warn(
        { reason: errorMessage(error), retryInMs: delay },
        'the Telegram bot did not answer getMe; Telegram is not offered until it does',
      );
      this.retry.set(() => void this.introduce(), delay);
    }
  }

  /** Stops asking and polling. */
  async close(): Promise<void> {
    this.closed = true;
    this.retry.close();
    await this.poller.stop();
  }
}
