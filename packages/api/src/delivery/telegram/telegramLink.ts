// Linking a Telegram chat to a channel: the owner opens `t.me/<bot>?start=<code>`, Telegram sends
// the bot `/start <code>` from that chat, and the link poller ties the chat to the channel.
import crypto from 'node:crypto';

/** What Telegram allows as a start parameter: 1–64 of A–Z, a–z, 0–9, _ and -. */
export const TELEGRAM_LINK_CODE = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * A new link code: 24 random bytes (192 bits) in base64url, 32 characters — unguessable, and a
 * valid start parameter as it is.
 */
export function createTelegramLinkCode(): string {
  return crypto.randomBytes(24).toString('base64url');
}

/**
 * The link that opens the bot's chat and, at Start, sends it `/start <code>`.
 *
 * @example `telegramLinkUrl('PairwatchBot', 'abc')` → `'https://t.me/PairwatchBot?start=abc'`
 */
export function telegramLinkUrl(botUsername: string, code: string): string {
  return `https://t.me/${encodeURIComponent(botUsername.replace(/^@/, ''))}?start=${encodeURIComponent(code)}`;
}
