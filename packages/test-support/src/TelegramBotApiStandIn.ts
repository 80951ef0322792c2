import { once } from 'node:events';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo, type Socket } from 'node:net';

/** A message the bot sent (a successful `sendMessage`). */
export interface SentTelegramMessage {
  readonly chatId: number;
  readonly text: string;
}

/** An error `sendMessage` answers instead of sending, as Telegram words it. */
export interface PlannedTelegramFailure {
  /** 429 (with `retryAfter`), 403 (the bot was blocked), 400 (chat not found), or a 5xx. */
  readonly status: number;
  /** Seconds, for a 429's `parameters.retry_after` (default 1). */
  readonly retryAfter?: number;
  /** Telegram's `description`; default: its usual words for the status. */
  readonly description?: string;
}

/** Telegram's `Update`, only as much as the stand-in sends. */
interface Update {
  readonly update_id: number;
  readonly message: {
    readonly message_id: number;
    readonly date: number;
    readonly chat: { readonly id: number; readonly type: 'private'; readonly first_name: string };
    readonly from: { readonly id: number; readonly is_bot: false; readonly first_name: string };
    readonly text: string;
  };
}

interface PendingPoll {
  readonly offset: number;
  readonly limit: number;
  readonly answer: (status: number, body: object) => void;
}

type Waiter = () => void;

const DESCRIPTIONS: Readonly<Record<number, string>> = {
  400: 'Bad Request: chat not found',
  403: 'Forbidden: bot was blocked by the user',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
};

/**
 * The part of Telegram's Bot API Pairwatch uses, on loopback, for one bot: `getMe`, `getUpdates`
 * (long polling, with offsets confirming updates), `sendMessage`. Give {@link apiUrl} as
 * `TELEGRAM_API_URL`. A test plays the user with {@link sendStart} (the `/start <code>` a
 * `t.me/<bot>?start=<code>` link sends) and reads what the bot answered in {@link sentMessages};
 * it can make `sendMessage` fail (429 with `retry_after`, 403 blocked, …). A wrong token gets 401
 * as from Telegram. Methods accept JSON or form bodies, or query parameters, as Telegram does.
 *
 * @example
 * ```ts
 * const telegram = await TelegramBotApiStandIn.start({ token: '123:abc', botUsername: 'PairwatchBot' });
 * telegram.sendStart(42, linkCode);
 * await telegram.waitForMessages((sent) => sent.some((m) => m.chatId === 42));
 * await telegram.close();
 * ```
 */
export class TelegramBotApiStandIn {
  private readonly updates: Update[] = [];
  private readonly sent: SentTelegramMessage[] = [];
  private readonly failures: PlannedTelegramFailure[] = [];
  private readonly chats = new Set<number>();
  private readonly blocked = new Set<number>();
  private readonly sockets = new Set<Socket>();
  private readonly waiters = new Set<Waiter>();
  private poll: (PendingPoll & { readonly timer: NodeJS.Timeout }) | undefined = undefined;
  private nextUpdateId = 1;
  private nextMessageId = 1;

  private constructor(
    private readonly server: http.Server,
    /** The base URL to give as `TELEGRAM_API_URL`: `http://127.0.0.1:<port>`. */
    readonly apiUrl: string,
    private readonly token: string,
    readonly botUsername: string,
  ) {
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      this.handle(request, response).catch(() => response.destroy());
    });
  }

  /** Starts the stand-in on an ephemeral port of 127.0.0.1, for the bot with `token`. */
  static async start(options: {
    readonly token: string;
    readonly botUsername: string;
  }): Promise<TelegramBotApiStandIn> {
    const server = http.createServer();
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    return new TelegramBotApiStandIn(
      server,
      `http://127.0.0.1:${port}`,
      options.token,
      options.botUsername,
    );
  }

  /** The user of chat `chatId` sends `/start <code>` to the bot (opening its link). */
  sendStart(chatId: number, code: string): void {
    this.sendText(chatId, `/start ${code}`);
  }

  /** The user of chat `chatId` sends `text` to the bot; a pending long poll returns it at once. */
  sendText(chatId: number, text: string): void {
    this.chats.add(chatId);
    this.updates.push({
      update_id: this.nextUpdateId,
      message: {
        message_id: this.nextMessageId,
        date: Math.floor(Date.now() / 1000),
        chat: { id: chatId, type: 'private', first_name: `User ${chatId}` },
        from: { id: chatId, is_bot: false, first_name: `User ${chatId}` },
        text,
      },
    });
    this.nextUpdateId += 1;
    this.nextMessageId += 1;
    this.answerPoll();
  }

  /** Messages the bot sent so far, oldest first. */
  get sentMessages(): readonly SentTelegramMessage[] {
    return [...this.sent];
  }

  /** Answers the next `count` `sendMessage` calls with `failure` instead of sending. */
  failNextSends(count: number, failure: PlannedTelegramFailure = { status: 429 }): void {
    for (let i = 0; i < count; i += 1) this.failures.push(failure);
  }

  /** The user of `chatId` blocks the bot: every later `sendMessage` there gets 403. */
  blockChat(chatId: number): void {
    this.blocked.add(chatId);
  }

  /**
   * Resolves with every message sent so far once `predicate` holds for them.
   *
   * @throws Error after `timeoutMs`, listing what was sent.
   */
  waitForMessages(
    predicate: (sent: readonly SentTelegramMessage[]) => boolean,
    timeoutMs = 5_000,
  ): Promise<SentTelegramMessage[]> {
    return new Promise((resolve, reject) => {
      const check: Waiter = () => {
        if (!predicate(this.sent)) return;
        this.waiters.delete(check);
        clearTimeout(timer);
        resolve([...this.sent]);
      };
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(
          new Error(
            `Telegram wait timed out after ${timeoutMs} ms; sent: ${JSON.stringify(this.sent)}`,
          ),
        );
      }, timeoutMs);
      this.waiters.add(check);
      check();
    });
  }

  /** Stops the server: a pending long poll is dropped, every connection closed. */
  async close(): Promise<void> {
    if (this.poll) clearTimeout(this.poll.timer);
    this.poll = undefined;
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const answer = (status: number, body: object) => {
      if (response.destroyed) return;
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const url = new URL(request.url ?? '/', this.apiUrl);
    const params = await readParams(request, url);
    const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(url.pathname);
    if (!match) {
      answer(404, { ok: false, error_code: 404, description: 'Not Found' });
      return;
    }
    if (decodeURIComponent(match[1] ?? '') !== this.token) {
      answer(401, { ok: false, error_code: 401, description: 'Unauthorized' });
      return;
    }
    switch (match[2]) {
      case 'getMe':
        answer(200, {
          ok: true,
          result: { id: 1, is_bot: true, first_name: 'Pairwatch', username: this.botUsername },
        });
        return;
      case 'getUpdates':
        this.getUpdates(params, answer, response);
        return;
      case 'sendMessage':
        this.sendMessage(params, answer);
        return;
      default:
        answer(404, { ok: false, error_code: 404, description: 'Not Found' });
    }
  }

  private getUpdates(
    params: Record<string, unknown>,
    answer: (status: number, body: object) => void,
    response: ServerResponse,
  ): void {
    const offset = Number(params['offset'] ?? 0);
    const limit = Math.min(100, Math.max(1, Number(params['limit'] ?? 100)));
    const timeoutSeconds = Math.max(0, Number(params['timeout'] ?? 0));
    // An offset confirms every update before it: they are never sent again.
    while (this.updates.length > 0 && (this.updates[0]?.update_id ?? 0) < offset)
      this.updates.shift();
    // As Telegram: a second long poll ends the first one with 409.
    if (this.poll) {
      clearTimeout(this.poll.timer);
      this.poll.answer(409, {
        ok: false,
        error_code: 409,
        description: 'Conflict: terminated by other getUpdates request',
      });
      this.poll = undefined;
    }
    if (this.updates.length > 0 || timeoutSeconds === 0) {
      answer(200, { ok: true, result: this.updates.slice(0, limit) });
      return;
    }
    const timer = setTimeout(() => {
      this.poll = undefined;
      answer(200, { ok: true, result: [] });
    }, timeoutSeconds * 1000);
    const poll = { offset, limit, answer, timer };
    this.poll = poll;
    response.on('close', () => {
      if (this.poll !== poll) return;
      clearTimeout(timer);
      this.poll = undefined;
    });
  }

  /** Answers a pending long poll with the updates that arrived. */
  private answerPoll(): void {
    const poll = this.poll;
    if (!poll) return;
    const ready = this.updates.filter((update) => update.update_id >= poll.offset);
    if (ready.length === 0) return;
    clearTimeout(poll.timer);
    this.poll = undefined;
    poll.answer(200, { ok: true, result: ready.slice(0, poll.limit) });
  }

  private sendMessage(
    params: Record<string, unknown>,
    answer: (status: number, body: object) => void,
  ): void {
    const chatId = Number(params['chat_id']);
    const text = typeof params['text'] === 'string' ? params['text'] : '';
    const failure = this.failures.shift();
    if (failure) {
      const retryAfter = failure.retryAfter ?? 1;
      const description =
        failure.description ??
        (failure.status === 429
          ? `Too Many Requests: retry after ${retryAfter}`
          : (DESCRIPTIONS[failure.status] ?? `Error ${failure.status}`));
      answer(failure.status, {
        ok: false,
        error_code: failure.status,
        description,
        ...(failure.status === 429 ? { parameters: { retry_after: retryAfter } } : {}),
      });
      return;
    }
    if (text.length === 0 || text.length > 4096) {
      const description =
        text.length === 0
          ? 'Bad Request: message text is empty'
          : 'Bad Request: message is too long';
      answer(400, { ok: false, error_code: 400, description });
      return;
    }
    if (!Number.isSafeInteger(chatId) || !this.chats.has(chatId)) {
      answer(400, { ok: false, error_code: 400, description: DESCRIPTIONS[400] });
      return;
    }
    if (this.blocked.has(chatId)) {
      answer(403, { ok: false, error_code: 403, description: DESCRIPTIONS[403] });
      return;
    }
    this.sent.push({ chatId, text });
    answer(200, {
      ok: true,
      result: {
        message_id: this.nextMessageId,
        date: Math.floor(Date.now() / 1000),
        chat: { id: chatId, type: 'private' },
        text,
      },
    });
    this.nextMessageId += 1;
    for (const waiter of [...this.waiters]) waiter();
  }
}

/** A Bot API call's parameters: the query, then a JSON or form body over it. */
async function readParams(request: IncomingMessage, url: URL): Promise<Record<string, unknown>> {
  const params: Record<string, unknown> = Object.fromEntries(url.searchParams);
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) chunks.push(chunk);
  const body = Buffer.concat(chunks).toString('utf8');
  if (body === '') return params;
  const type = request.headers['content-type'] ?? '';
  if (type.startsWith('application/json')) {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed === 'object' && parsed !== null) Object.assign(params, parsed);
  } else if (type.startsWith('application/x-www-form-urlencoded')) {
    Object.assign(params, Object.fromEntries(new URLSearchParams(body)));
  }
  return params;
}
