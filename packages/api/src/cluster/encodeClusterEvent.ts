import { type ClusterEvent } from './ClusterEvent';

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
