// An alert change that one api process tells the others, and its PostgreSQL NOTIFY payloads.
/** What happened to some alerts, as one api process tells the others. */
export type ClusterEventKind = 'created' | 'deleted' | 'triggered';

/** The kinds of {@link ClusterEvent}, for validation. */
const CLUSTER_EVENT_KINDS: readonly ClusterEventKind[] = ['created', 'deleted', 'triggered'];

/**
 * An alert change every api process hears about. It carries ids only: receivers read the rows
 * again, so an event can never disagree with the table (and no credential travels in it).
 */
export interface ClusterEvent {
  readonly kind: ClusterEventKind;
  readonly alertIds: readonly string[];
}

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
export const MAX_NOTIFY_PAYLOAD_BYTES = 7999;

function payload(kind: ClusterEvent['kind'], alertIds: readonly string[]): string {
  return JSON.stringify({ kind, alertIds });
}

/**
 * The NOTIFY payloads of an event: JSON `{ kind, alertIds }`, split into as many payloads as it
 * takes to keep each under PostgreSQL's limit (a deleted subscription may take many alerts along).
 *
 * @throws RangeError when a single alert id is too long to fit a payload on its own.
 */
export function encodeClusterEvent(
  event: ClusterEvent,
  maxBytes = MAX_NOTIFY_PAYLOAD_BYTES,
): string[] {
  const payloads: string[] = [];
  let chunk: string[] = [];
  for (const id of event.alertIds) {
    if (Buffer.byteLength(payload(event.kind, [id])) > maxBytes) {
      throw new RangeError(
        `Alert id of ${id.length} characters does not fit a ${maxBytes}-byte notification.`,
      );
    }
    if (chunk.length > 0 && Buffer.byteLength(payload(event.kind, [...chunk, id])) > maxBytes) {
      payloads.push(payload(event.kind, chunk));
      chunk = [];
    }
    chunk.push(id);
  }
  if (chunk.length > 0) payloads.push(payload(event.kind, chunk));
  return payloads;
}

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
