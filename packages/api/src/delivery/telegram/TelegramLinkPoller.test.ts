import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { TelegramBotApiStandIn } from '@pairwatch/test-support';
import { TelegramApiError } from './TelegramApiError';
import { TelegramBotApi, type TelegramUpdate } from './TelegramBotApi';
import {
  TELEGRAM_LINK_REPLIES,
  TelegramLinkPoller,
  type TelegramLinkPollerOptions,
} from './TelegramLinkPoller';

const TOKEN = '7:token';
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('TelegramLinkPoller, against the Bot API', () => {
  let telegram: TelegramBotApiStandIn;
  let poller: TelegramLinkPoller | undefined;
  const codes = new Map<string, string | undefined>();
  const link = jest.fn(async (code: string, chatId: string) => {
    if (!codes.has(code) || (codes.get(code) !== undefined && codes.get(code) !== chatId))
      return 'unknown' as const;
    codes.set(code, chatId);
    return 'linked' as const;
  });

  function startPoller(overrides: Partial<TelegramLinkPollerOptions> = {}): TelegramLinkPoller {
    const started = new TelegramLinkPoller({
      api: new TelegramBotApi({ token: TOKEN, apiUrl: telegram.apiUrl }),
      link,
      botUsername: 'PairwatchBot',
      logger: silent,
      ...overrides,
    });
    started.start();
    poller = started;
    return started;
  }

  const repliesTo = (chatId: number) =>
    telegram.sentMessages.filter((m) => m.chatId === chatId).map((m) => m.text);

  beforeEach(async () => {
    telegram = await TelegramBotApiStandIn.start({ token: TOKEN, botUsername: 'PairwatchBot' });
    codes.clear();
    codes.set('code-a', undefined);
    codes.set('code-b', undefined);
    link.mockClear();
  });

  afterEach(async () => {
    await poller?.stop();
    poller = undefined;
    await telegram.close();
  });

  it('links the chat that sends /start <code>, and says so there', async () => {
    startPoller();
    telegram.sendStart(42, 'code-a');

    await telegram.waitForMessages((sent) => sent.length === 1);
    expect(link).toHaveBeenCalledWith('code-a', '42');
    expect(repliesTo(42)).toEqual([TELEGRAM_LINK_REPLIES.linked]);
    expect(TELEGRAM_LINK_REPLIES.linked).toBe('Pairwatch alerts will arrive in this chat.');
  });

  it('answers an unknown or used code with how to get a new link', async () => {
    startPoller();
    telegram.sendStart(42, 'code-a');
    telegram.sendStart(43, 'code-a');
    telegram.sendStart(44, 'nope');

    await telegram.waitForMessages((sent) => sent.length === 3);
    expect(repliesTo(43)).toEqual([
      'That link has expired or was already used. Open Where alerts go in Pairwatch and press Connect Telegram again.',
    ]);
    expect(repliesTo(44)).toEqual([TELEGRAM_LINK_REPLIES.unknown]);
  });

  it('takes /start@ThisBot, ignores /start@OtherBot and other text, and guides a bare /start', async () => {
    startPoller();
    telegram.sendText(50, '/start@OtherBot code-a');
    telegram.sendText(51, 'hello');
    telegram.sendText(52, '/start');
    telegram.sendText(53, '/start@pairwatchbot code-b');

    await telegram.waitForMessages((sent) => sent.length === 2);
    expect(link.mock.calls).toEqual([['code-b', '53']]);
    expect(repliesTo(52)).toEqual([TELEGRAM_LINK_REPLIES.noCode]);
    expect(repliesTo(53)).toEqual([TELEGRAM_LINK_REPLIES.linked]);
    expect(repliesTo(50)).toEqual([]);
  });

  it('handles each update once across polls, and a stopped poller’s updates are not handled again', async () => {
    const first = startPoller();
    telegram.sendStart(42, 'code-a');
    await telegram.waitForMessages((sent) => sent.length === 1);
    telegram.sendStart(43, 'code-b');
    await telegram.waitForMessages((sent) => sent.length === 2);

    const stopping = Date.now();
    await first.stop();
    expect(Date.now() - stopping).toBeLessThan(1_000);
    startPoller();
    telegram.sendText(44, '/start');
    await telegram.waitForMessages((sent) => sent.length === 3);

    expect(link.mock.calls).toEqual([
      ['code-a', '42'],
      ['code-b', '43'],
    ]);
  });

  it('polls on when an answer cannot be sent (the link holds)', async () => {
    startPoller();
    telegram.failNextSends(1, { status: 403 });
    telegram.sendStart(42, 'code-a');
    await new Promise((resolve) => setTimeout(resolve, 100));
    telegram.sendStart(43, 'code-b');

    await telegram.waitForMessages((sent) => sent.length === 1);
    expect(codes.get('code-a')).toBe('42');
    expect(repliesTo(43)).toEqual([TELEGRAM_LINK_REPLIES.linked]);
  });
});

describe('TelegramLinkPoller, when polls fail', () => {
  /** A Bot API whose getUpdates answers from a script, recording when it was called. */
  function scriptedApi(script: (() => Promise<TelegramUpdate[]>)[]) {
    const calls: { at: number; offset: number | undefined }[] = [];
    const api = {
      getUpdates: jest.fn(
        async (params: { offset?: number; timeout: number }, signal?: AbortSignal) => {
          calls.push({ at: Date.now(), offset: params.offset });
          const step = script.shift();
          if (step) return step();
          if (params.timeout === 0) return [];
          // Then a long poll with nothing, until aborted.
          return new Promise<TelegramUpdate[]>((_resolve, reject) =>
            signal?.addEventListener('abort', () => reject(signal.reason)),
          );
        },
      ),
      sendMessage: jest.fn(async () => ({
        message_id: 1,
        date: 0,
        chat: { id: 1, type: 'private' },
      })),
    };
    return { api, calls };
  }
  const start = (chatId: number, updateId: number, code: string): TelegramUpdate => ({
    update_id: updateId,
    message: {
      message_id: 1,
      date: 0,
      chat: { id: chatId, type: 'private' },
      text: `/start ${code}`,
    },
  });
  const until = async (condition: () => boolean) => {
    for (let i = 0; i < 200 && !condition(); i += 1) await new Promise((r) => setTimeout(r, 5));
    expect(condition()).toBe(true);
  };

  it('backs off after errors, and waits Telegram’s retry_after on 429', async () => {
    const warnings: object[] = [];
    const { api, calls } = scriptedApi([
      () => Promise.reject(new Error('fetch failed')),
      () => Promise.reject(new TelegramApiError('getUpdates', 429, 'Too Many Requests', 0.2)),
      () => Promise.resolve([start(9, 100, 'c')]),
    ]);
    const link = jest.fn(async (_code: string, _chatId: string) => 'linked' as const);
    const poller = new TelegramLinkPoller({
      api,
      link,
      logger: { ...silent, warn: (object: object) => warnings.push(object) },
      backoff: { baseMs: 40, maxMs: 1_000 },
      random: () => 0,
    });

    poller.start();
    await until(() => calls.length === 4);
    await poller.stop();

    const gaps = calls.slice(1).map((call, i) => call.at - (calls[i]?.at ?? 0));
    expect(gaps[0]).toBeGreaterThanOrEqual(15); // backoff: half of 40 ms with random 0
    expect(gaps[1]).toBeGreaterThanOrEqual(190); // retry_after 0.2 s
    expect(link).toHaveBeenCalledWith('c', '9');
    expect(calls[3]?.offset).toBe(101);
    expect(warnings).toEqual([
      { err: 'fetch failed', delayMs: 20 },
      { err: 'Telegram getUpdates failed (429): Too Many Requests', delayMs: 200 },
    ]);
  });

  it('asks for an update again when linking it failed', async () => {
    const { api, calls } = scriptedApi([
      () => Promise.resolve([start(1, 5, 'a'), start(2, 6, 'b')]),
      () => Promise.resolve([start(2, 6, 'b')]),
    ]);
    let failOnce = true;
    const link = jest.fn(async (code: string) => {
      if (code === 'b' && failOnce) {
        failOnce = false;
        throw new Error('database unavailable');
      }
      return 'linked' as const;
    });
    const poller = new TelegramLinkPoller({
      api,
      link,
      logger: silent,
      backoff: { baseMs: 10, maxMs: 10 },
    });

    poller.start();
    await until(() => calls.length === 3);
    await poller.stop();

    expect(calls.map((c) => c.offset)).toEqual([undefined, 6, 7, 7]);
    expect(link.mock.calls).toEqual([
      ['a', '1'],
      ['b', '2'],
      ['b', '2'],
    ]);
  });

  it('stops at once while waiting out a backoff', async () => {
    const { api } = scriptedApi([
      () => Promise.reject(new TelegramApiError('getUpdates', 429, 'slow down', 60)),
    ]);
    const poller = new TelegramLinkPoller({ api, link: async () => 'linked', logger: silent });

    poller.start();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const stopping = Date.now();
    await poller.stop();

    expect(Date.now() - stopping).toBeLessThan(500);
  });
});
