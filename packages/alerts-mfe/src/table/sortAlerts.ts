import { type AlertEntry } from '../alerts/AlertEntry';

/** The sort key of an entry: its creation time; an unreadable one without a date goes last. */
function createdAtMs(entry: AlertEntry): number {
  const ms = entry.createdAt === undefined ? Number.NaN : Date.parse(entry.createdAt);
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
}

/** Newest first by `createdAt` (product §2); a new array. */
export function sortAlerts(alerts: readonly AlertEntry[]): AlertEntry[] {
  return [...alerts].sort((a, b) => {
    const newer = createdAtMs(b) - createdAtMs(a);
    // Two entries without a date (−∞ − −∞ is NaN) keep their order.
    return Number.isNaN(newer) ? 0 : newer;
  });
}
