import crypto from 'node:crypto';

/**
 * The hub group of the connections watching one subscription's alerts. Named after a digest of
 * the subscription id, so the credential itself never shows up in group names (or their logs).
 */
export function alertsGroup(subscriptionId: string): string {
  return `alerts:${crypto.createHash('sha256').update(subscriptionId).digest('base64url')}`;
}
