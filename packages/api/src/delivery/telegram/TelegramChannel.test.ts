import { describeFiring } from '../../push/alertPushMessage';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { type UnixMillis } from '@pairwatch/domain';
import { TelegramBotApiStandIn } from '@pairwatch/test-support';
import { alertRecord } from '../../test-support/alertRecord';
import {
  type AlertFiringEvent,
  type DeliveryAttempt,
  type TelegramChannelRecord,
} from '../DeliveryChannel';
import { TelegramBotApi } from './TelegramBotApi';
import { TelegramChannel } from './TelegramChannel';

const TOKEN = '42:token';

function channelRecord(chatId: string | undefined): TelegramChannelRecord {
  return {
    kind: 'telegram',
    id: 'channel-1',
    ownerId: 'owner-1',
    createdAt: 0 as UnixMillis,
    linkCode: 'code',
    chatId,
    disabledAt: undefined,
  };
}

/** A firing of `overrides.alert` at `overrides.value`, in the words the engine gives it. */
function firing(overrides: Partial<Omit<AlertFiringEvent, 'text'>> = {}): AlertFiringEvent {
  const event = {
    alert: alertRecord('alert-1', 'owner-1', { message: 'Take profit on half' }),
    firedAt: 0 as UnixMillis,
    value: 70_000,
    bar: undefined,
    simulated: false,
    ...overrides,
  };
  return {
    ...event,
    text: describeFiring(
      event.alert,
      { value: event.value },
      event.simulated ? 'simulator' : 'binance',
    ),
  };
}

function attempt(payload: string): DeliveryAttempt {
  return {
    id: 'd-1',
    alertId: 'alert-1',
    topic: 'alert-1',
    payload,
    attempts: 0,
    createdAt: 0 as UnixMillis,
  };
}

describe('TelegramChannel', () => {
  describe('render', () => {
    const channel = new TelegramChannel({ sendMessage: () => Promise.reject(new Error('unused')) });

    it('writes the title, what happened, and the message on its own line', () => {
      expect(channel.render(firing(), channelRecord('1'))).toEqual({
        topic: 'alert-1',
        payload: 'BTCUSDT price alert\nBTCUSDT price rose to 70,000.00\nTake profit on half',
      });
    });

    it('says when the market is simulated, after what happened', () => {
      const event = firing({
        simulated: true,
        alert: alertRecord('a', 'o', {
          type: 'Rsi',
          interval: 'OneHour',
          valueTarget: 30,
          valueOnCreation: 50,
        }),
        value: 29.5,
      });

      expect(channel.render(event, channelRecord('1')).payload).toBe(
        'BTCUSDT RSI alert\nBTCUSDT RSI (1h) dropped to 29.50 (simulated market)',
      );
    });

    it('keeps within Telegram’s 4096 characters, not splitting a character', () => {
      const message = '😀'.repeat(3000);
      const { payload } = channel.render(
        firing({ alert: alertRecord('a', 'o', { message }) }),
        channelRecord('1'),
      );

      expect(payload.length).toBeLessThanOrEqual(4096);
      expect(payload.endsWith('😀…')).toBe(true);
    });

    it('is one destination for every chat (one bot, one rate limit)', () => {
      expect(channel.destination(channelRecord('1'))).toBe('telegram');
      expect(channel.destination(channelRecord('2'))).toBe('telegram');
    });
  });

  describe('send, against the Bot API', () => {
    let telegram: TelegramBotApiStandIn;
    let channel: TelegramChannel;

    beforeEach(async () => {
      telegram = await TelegramBotApiStandIn.start({ token: TOKEN, botUsername: 'PairwatchBot' });
      channel = new TelegramChannel(new TelegramBotApi({ token: TOKEN, apiUrl: telegram.apiUrl }));
      telegram.sendStart(77, 'code');
    });

    afterEach(async () => {
      await telegram.close();
    });

    it('sends the text to the linked chat', async () => {
      expect(await channel.send(attempt('hello'), channelRecord('77'))).toEqual({
        kind: 'delivered',
        status: 200,
      });
      expect(telegram.sentMessages).toEqual([{ chatId: 77, text: 'hello' }]);
    });

    it('fails a channel not linked yet without calling Telegram', async () => {
      expect(await channel.send(attempt('hello'), channelRecord(undefined))).toEqual({
        kind: 'failed',
        status: undefined,
        reason: 'not linked yet: no Telegram chat has opened the link',
      });
    });

    it.each([
      [
        { status: 429, retryAfter: 3 },
        { kind: 'retry', status: 429, retryAfterMs: 3_000 },
      ],
      [{ status: 500 }, { kind: 'retry', status: 500, retryAfterMs: undefined }],
      [{ status: 502 }, { kind: 'retry', status: 502, retryAfterMs: undefined }],
      [{ status: 403 }, { kind: 'gone', status: 403 }],
      [
        { status: 403, description: 'Forbidden: user is deactivated' },
        { kind: 'gone', status: 403 },
      ],
      [{ status: 400 }, { kind: 'gone', status: 400 }],
      [
        { status: 400, description: 'Bad Request: message is too long' },
        { kind: 'failed', status: 400 },
      ],
    ])('sorts Telegram’s %j as %j', async (failure, outcome) => {
      telegram.failNextSends(1, failure);

      expect(await channel.send(attempt('hello'), channelRecord('77'))).toMatchObject(outcome);
    });

    it('names Telegram’s description in the reason', async () => {
      telegram.blockChat(77);

      expect(await channel.send(attempt('hello'), channelRecord('77'))).toEqual({
        kind: 'gone',
        status: 403,
        reason: 'Telegram sendMessage failed (403): Forbidden: bot was blocked by the user',
      });
    });

    it('retries a refused token (the operator’s to fix) and an unreachable Bot API', async () => {
      const wrong = new TelegramChannel(
        new TelegramBotApi({ token: '1:wrong', apiUrl: telegram.apiUrl }),
      );
      expect(await wrong.send(attempt('x'), channelRecord('77'))).toMatchObject({
        kind: 'retry',
        status: 401,
      });

      await telegram.close();
      expect(await channel.send(attempt('x'), channelRecord('77'))).toMatchObject({
        kind: 'retry',
        status: undefined,
        reason: expect.stringMatching(/^Telegram sendMessage failed: fetch failed/),
      });
      telegram = await TelegramBotApiStandIn.start({ token: TOKEN, botUsername: 'PairwatchBot' });
    });
  });
});
