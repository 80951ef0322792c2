import { describe, expect, it } from '@jest/globals';
import { createTelegramLinkCode, TELEGRAM_LINK_CODE, telegramLinkUrl } from './telegramLink';

describe('createTelegramLinkCode', () => {
  it('is a valid start parameter of 192 random bits, new each time', () => {
    const codes = new Set(Array.from({ length: 100 }, () => createTelegramLinkCode()));

    expect(codes.size).toBe(100);
    for (const code of codes) {
      expect(code).toMatch(TELEGRAM_LINK_CODE);
      expect(code).toHaveLength(32);
      expect(Buffer.from(code, 'base64url')).toHaveLength(24);
    }
  });
});

describe('telegramLinkUrl', () => {
  it('opens the bot with the code as its start parameter', () => {
    expect(telegramLinkUrl('PairwatchBot', 'abc_DEF-1')).toBe(
      'https://t.me/PairwatchBot?start=abc_DEF-1',
    );
    expect(telegramLinkUrl('@PairwatchBot', 'x')).toBe('https://t.me/PairwatchBot?start=x');
  });
});
