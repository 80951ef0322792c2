/**
 * The notice over a chart drawn from kept candles (issue #26, word for word), with the local time
 * the prices were seen as HH:MM. Written without Intl: the first chart shows it too, and the
 * page's first Intl date format costs 15–20 ms (docs/architecture.md §7, "The first chart").
 */
export function offlineNotice(seenAt: Date): string {
  const hours = String(seenAt.getHours()).padStart(2, '0');
  const minutes = String(seenAt.getMinutes()).padStart(2, '0');
  return `Offline — showing the last prices seen at ${hours}:${minutes}`;
}
