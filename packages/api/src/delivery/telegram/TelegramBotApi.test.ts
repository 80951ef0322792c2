import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { TelegramBotApiStandIn } from '@pairwatch/test-support';
import { TelegramApiError } from './TelegramApiError';
import { TelegramBotApi } from './TelegramBotApi';

const TOKEN = '123456:SECRET-token_abc';

describe('TelegramBotApi', () => {
  let telegram: TelegramBotApiStandIn;
  let api: TelegramBotApi;

  beforeEach(async () => {
    telegram = await TelegramBotApiStandIn.start({ token: TOKEN, botUsername: 'PairwatchBot' });
    api = new TelegramBotApi({ token: TOKEN, apiUrl: `${telegram.apiUrl}/` });
  });

  afterEach(async () => {
    await telegram.close();
  });

  /** What a call threw (the class is checked by name: errors cross jest's realms). */
  async function failure(call: Promise<unknown>): Promise<TelegramApiError> {
    const error = await call.then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(TelegramApiError);
    return error as TelegramApiError;
  }

  it('reads the bot with getMe', async () => {
    expect(await api.getMe()).toMatchObject({ is_bot: true, username: 'PairwatchBot' });
  });

  it('sends a message, and long-polls updates that arrive during the poll', async () => {
    const poll = api.getUpdates({ timeout: 30 });
    setTimeout(() => telegram.sendStart(42, 'code-1'), 30);

    const [update] = await poll;
    expect(update?.message).toMatchObject({ chat: { id: 42 }, text: '/start code-1' });

    expect(
      await api.sendMessage({ chat_id: '42', text: 'hi', disable_web_page_preview: true }),
    ).toMatchObject({
      chat: { id: 42 },
      text: 'hi',
    });
    expect(telegram.sentMessages).toEqual([{ chatId: 42, text: 'hi' }]);
  });

  it('throws Telegram’s error code, description and retry_after', async () => {
    telegram.sendStart(42, 'c');
    telegram.failNextSends(1, { status: 429, retryAfter: 5 });

    const error = await failure(api.sendMessage({ chat_id: 42, text: 'x' }));

    expect(error).toMatchObject({
      method: 'sendMessage',
      errorCode: 429,
      description: 'Too Many Requests: retry after 5',
      retryAfterSeconds: 5,
    });
    expect(error.message).toBe(
      'Telegram sendMessage failed (429): Too Many Requests: retry after 5',
    );
  });

  it('never shows the token, not for a wrong one, nor a network failure', async () => {
    const wrong = new TelegramBotApi({ token: '999:WRONG', apiUrl: telegram.apiUrl });
    const unauthorized = await failure(wrong.getMe());
    expect(unauthorized).toMatchObject({ errorCode: 401, description: 'Unauthorized' });

    const url = telegram.apiUrl;
    await telegram.close();
    const unreachable = await failure(new TelegramBotApi({ token: TOKEN, apiUrl: url }).getMe());
    expect(unreachable.errorCode).toBeUndefined();
    expect(unreachable.message).toMatch(/^Telegram getMe failed: fetch failed/);

    const badUrl = await failure(new TelegramBotApi({ token: TOKEN, apiUrl: 'not a url' }).getMe());
    for (const error of [unauthorized, unreachable, badUrl]) {
      expect(error.message).not.toContain('SECRET');
      expect(error.message).not.toContain('WRONG');
      expect(JSON.stringify(error)).not.toContain('SECRET');
    }
    telegram = await TelegramBotApiStandIn.start({ token: TOKEN, botUsername: 'PairwatchBot' });
  });

  it('stops a long poll when aborted, rethrowing the abort', async () => {
    const controller = new AbortController();
    const poll = api.getUpdates({ timeout: 30 }, controller.signal);
    setTimeout(() => controller.abort(), 30);

    await expect(poll).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('gives up on a call after its deadline, and reads an answer without an envelope by its status', async () => {
    const server = http.createServer((request, response) => {
      if (request.url?.endsWith('/getMe')) return; // never answers
      response.writeHead(502, { 'Content-Type': 'text/html' });
      response.end('<html>Bad Gateway</html>');
    });
    server.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const slow = new TelegramBotApi({ token: TOKEN, apiUrl, requestTimeoutMs: 100 });

    try {
      expect(await failure(slow.getMe())).toMatchObject({
        errorCode: undefined,
        description: 'no answer within 100 ms',
      });
      expect(await failure(slow.sendMessage({ chat_id: 1, text: 'x' }))).toMatchObject({
        errorCode: 502,
        description: 'HTTP 502 without a Bot API answer',
      });
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
