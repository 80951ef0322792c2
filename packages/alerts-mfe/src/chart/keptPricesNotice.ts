/**
 * The notice over a chart drawn from kept candles, with the local time their prices were seen as
 * HH:MM: without a network (issue #26, word for word), or while a repeat visit's latest page is on
 * its way (`updating`, shown only when that takes a while: `showOfflineNotice`). Written without
 * Intl: the first chart shows it too, and the page's first Intl date format costs 15–20 ms
 * (docs/architecture.md §7, "The first chart").
 */
export function keptPricesNotice(seenAt: Date, reason: 'offline' | 'updating'): string {
  const hours = String(seenAt.getHours()).padStart(2, '0');
  const minutes = String(seenAt.getMinutes()).padStart(2, '0');
  const prefix = reason === 'offline' ? 'Offline' : 'Updating';
  return `${prefix} — showing the last prices seen at ${hours}:${minutes}`;
}
