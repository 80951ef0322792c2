/**
 * localStorage key: `'1'` when, the last time this browser looked, its owner had a channel other
 * than push that can take alerts (a webhook, a linked Telegram chat). The first screen and the
 * screen's first render read it to leave out the "alerts need push" banner before the channels are
 * read again, so the banner neither flashes nor moves the chart away when they are.
 */
export const REACHABLE_CHANNEL_KEY = 'pairwatch-reachable-channel';

/** What this browser last saw; false when it never looked (or storage is blocked). */
export function readReachableChannelHint(storage: Storage | undefined): boolean {
  try {
    return storage?.getItem(REACHABLE_CHANNEL_KEY) === '1';
  } catch {
    return false;
  }
}

/** Remembers what the channels list said. */
export function writeReachableChannelHint(storage: Storage | undefined, reachable: boolean): void {
  try {
    if (reachable) storage?.setItem(REACHABLE_CHANNEL_KEY, '1');
    else storage?.removeItem(REACHABLE_CHANNEL_KEY);
  } catch {
    // Storage blocked: the banner may flash once on the next visit, nothing worse.
  }
}
