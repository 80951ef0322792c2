import { type AlertDelivery } from '@pairwatch/domain';
import { type Channel } from './Channel';

/** A webhook's host as people recognise it (`hooks.example.com`); the URL itself when unreadable. */
export function webhookHost(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}

/**
 * Where a delivery went: "This browser" (an owner's push channel is its browser), "Webhook
 * hooks.example.com", "Telegram". A channel deleted since is named by its kind alone.
 */
export function deliveryChannelName(delivery: AlertDelivery, channels: readonly Channel[]): string {
  switch (delivery.kind) {
    case 'push':
      return 'This browser';
    case 'webhook': {
      const channel = channels.find((candidate) => candidate.id === delivery.channelId);
      return channel?.kind === 'webhook' ? `Webhook ${webhookHost(channel.url)}` : 'Webhook';
    }
    case 'telegram':
      return 'Telegram';
  }
}

function attemptsText(attempts: number): string {
  return attempts === 1 ? '1 attempt' : `${attempts} attempts`;
}

/** The last error in words: the api's reason, else the HTTP status it got. */
function lastProblem(delivery: AlertDelivery): string | undefined {
  if (delivery.lastError !== undefined) return delivery.lastError;
  return delivery.lastStatusCode === undefined ? undefined : `HTTP ${delivery.lastStatusCode}`;
}

/**
 * One delivery in words, e.g. "Webhook hooks.example.com — delivered after 1 attempt",
 * "Telegram — retrying (3 attempts): receiver answered 503", "This browser — failed: …".
 */
export function describeDelivery(delivery: AlertDelivery, channels: readonly Channel[]): string {
  const name = deliveryChannelName(delivery, channels);
  const problem = lastProblem(delivery);
  switch (delivery.status) {
    case 'Delivered':
      return `${name} — delivered after ${attemptsText(Math.max(1, delivery.attempts))}`;
    case 'Retrying':
      if (delivery.attempts === 0) return `${name} — waiting to be sent`;
      return `${name} — retrying (${attemptsText(delivery.attempts)})${problem ? `: ${problem}` : ''}`;
    case 'Failed':
      return `${name} — failed${problem ? `: ${problem}` : ''}`;
  }
}
