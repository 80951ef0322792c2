import crypto from 'node:crypto';

/**
 * The hub group of the connections watching one owner's alerts. Named after a digest of the owner
 * id, so the credential itself never shows up in group names (or their logs).
 */
export function alertsGroup(ownerId: string): string {
  return `alerts:${crypto.createHash('sha256').update(ownerId).digest('base64url')}`;
}
