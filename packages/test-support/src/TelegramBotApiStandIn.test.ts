import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { TelegramBotApiStandIn } from './TelegramBotApiStandIn';

const TOKEN = '123456:test-token';

describe('TelegramBotApiStandIn', () => {
  let telegram: TelegramBotApiStandIn;

  /** Calls a Bot API method with a JSON body, as the api's client does. */
  async function call(method: string, params: object = {}, token = TOKEN) {
    const response = await fetch(`${telegram.apiUrl}/bot${token}/${method}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(params),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  beforeEach(async () => {
    telegram = await TelegramBotApiStandIn.start({ token: TOKEN, botUsername: 'PairwatchBot' });
  });

  afterEach(async () => {
    await telegram.close();
  });

  it('answers getMe with the bot, and 401 to a wrong token', async () => {
    expect(await call('getMe')).toEqual({
      status: 200,
      body: {
        ok: true,
        result: expect.objectContaining({ is_bot: true, username: 'PairwatchBot' }),
      },
    });
    expect(await call('getMe', {}, '123456:wrong')).toEqual({
      status: 401,
      body: { ok: false, error_code: 401, description: 'Unauthorized' },
    });
  });

  it('returns a /start at once to a pending long poll, and confirms updates by offset', async () => {
    const poll = call('getUpdates', { timeout: 30 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    telegram.sendStart(42, 'code-1');

    const first = await poll;
    const updates = first.body['result'] as {
      update_id: number;
      message: { chat: { id: number }; text: string };
    }[];
    expect(updates).toEqual([
      expect.objectContaining({
        message: expect.objectContaining({
          chat: expect.objectContaining({ id: 42 }),
          text: '/start code-1',
        }),
      }),
    ]);
    const next = (updates[0]?.update_id ?? 0) + 1;
    expect(
      (await call('getUpdates', { offset: next - 1, timeout: 0 })).body['result'],
    ).toHaveLength(1);
    expect((await call('getUpdates', { offset: next, timeout: 0 })).body['result']).toEqual([]);
    expect((await call('getUpdates', { timeout: 0 })).body['result']).toEqual([]);
  });

  it('ends an empty long poll after its timeout, and an older poll with 409', async () => {
    const older = call('getUpdates', { timeout: 30 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const newer = call('getUpdates', { timeout: 1 });

    expect((await older).status).toBe(409);
    expect(await newer).toEqual({ status: 200, body: { ok: true, result: [] } });
  });

  it('records sent messages to known chats; refuses unknown chats with 400', async () => {
    telegram.sendStart(42, 'code');

    expect((await call('sendMessage', { chat_id: '42', text: 'hello' })).status).toBe(200);
    expect(await call('sendMessage', { chat_id: 7, text: 'hello' })).toEqual({
      status: 400,
      body: { ok: false, error_code: 400, description: 'Bad Request: chat not found' },
    });
    expect(await telegram.waitForMessages((sent) => sent.length === 1)).toEqual([
      { chatId: 42, text: 'hello' },
    ]);
  });

  it('fails the next sends as planned: 429 with retry_after, 403 blocked', async () => {
    telegram.sendStart(42, 'code');
    telegram.failNextSends(1, { status: 429, retryAfter: 3 });
    telegram.failNextSends(1, { status: 403 });

    expect(await call('sendMessage', { chat_id: 42, text: 'a' })).toEqual({
      status: 429,
      body: {
        ok: false,
        error_code: 429,
        description: 'Too Many Requests: retry after 3',
        parameters: { retry_after: 3 },
      },
    });
    expect((await call('sendMessage', { chat_id: 42, text: 'a' })).body).toEqual({
      ok: false,
      error_code: 403,
      description: 'Forbidden: bot was blocked by the user',
    });
    expect((await call('sendMessage', { chat_id: 42, text: 'a' })).status).toBe(200);
    telegram.blockChat(42);
    expect((await call('sendMessage', { chat_id: 42, text: 'b' })).status).toBe(403);
    expect(telegram.sentMessages).toEqual([{ chatId: 42, text: 'a' }]);
  });

  it('accepts form and query parameters too', async () => {
    telegram.sendStart(5, 'x');
    const form = await fetch(`${telegram.apiUrl}/bot${TOKEN}/sendMessage`, {
      method: 'POST',
      body: new URLSearchParams({ chat_id: '5', text: 'form' }),
    });
    const query = await fetch(`${telegram.apiUrl}/bot${TOKEN}/sendMessage?chat_id=5&text=query`);

    expect([form.status, query.status]).toEqual([200, 200]);
    expect(telegram.sentMessages.map((m) => m.text)).toEqual(['form', 'query']);
  });

  it('times out a wait for messages with what was sent', async () => {
    await expect(telegram.waitForMessages((sent) => sent.length > 0, 30)).rejects.toThrow(
      /timed out after 30 ms; sent: \[\]/,
    );
  });
});
