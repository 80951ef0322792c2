import { type Alert } from '@pairwatch/domain';

/** Newest first by `createdAt` (product §2); a new array. */
export function sortAlerts(alerts: readonly Alert[]): Alert[] {
  return [...alerts].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}
