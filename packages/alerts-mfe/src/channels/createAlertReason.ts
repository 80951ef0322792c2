import { ALERTS_MESSAGES } from '../alertsMessages';
import { type PushState } from '../push/PushSubscriptionService';
import { type Channel } from './Channel';

/**
 * Whether a channel other than this browser's push can take an alert now: a webhook the receiver
 * did not give up, or a Telegram chat that is linked and has not blocked the bot.
 */
export function isReachableChannel(channel: Channel): boolean {
  switch (channel.kind) {
    case 'push':
      return false; // this browser's push counts through its state, which follows the permission
    case 'webhook':
      return !channel.disabled;
    case 'telegram':
      return channel.linked && !channel.disabled;
  }
}

/**
 * Why Create Alert is disabled: an alert needs somewhere to go (the api refuses one otherwise).
 * Undefined when push is active here or another channel can take it; otherwise what to do, in
 * words that point at 'Where alerts go' (push only where it can still be turned on).
 */
export function createAlertReason(
  push: Pick<PushState, 'status' | 'problem'>,
  channels: readonly Channel[],
  telegramOffered: boolean,
): string | undefined {
  if (push.status === 'active' || channels.some(isReachableChannel)) return undefined;
  if (push.problem?.kind === 'registering') return ALERTS_MESSAGES.pushRow.registering;
  const others = telegramOffered ? 'a webhook or Telegram' : 'a webhook';
  const pushImpossible =
    push.status === 'unloaded' ||
    push.problem?.kind === 'denied' ||
    push.problem?.kind === 'unavailable';
  return pushImpossible
    ? ALERTS_MESSAGES.createNeedsChannel.otherOnly(others)
    : ALERTS_MESSAGES.createNeedsChannel.pushOrOther(others);
}
