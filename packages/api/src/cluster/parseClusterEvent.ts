import { CLUSTER_EVENT_KINDS, type ClusterEvent, type ClusterEventKind } from './ClusterEvent';

/**
 * Reads a NOTIFY payload written by {@link encodeClusterEvent}; undefined for anything else (a
 * stray or hand-written notification on the channel is ignored rather than trusted).
 */
export function parseClusterEvent(payload: string): ClusterEvent | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const { kind, alertIds } = parsed as { kind?: unknown; alertIds?: unknown };
  if (!CLUSTER_EVENT_KINDS.includes(kind as ClusterEventKind)) return undefined;
  if (
    !Array.isArray(alertIds) ||
    alertIds.length === 0 ||
    !alertIds.every((id) => typeof id === 'string' && id !== '')
  ) {
    return undefined;
  }
  return { kind: kind as ClusterEventKind, alertIds: alertIds as string[] };
}
