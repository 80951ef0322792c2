import { type HubMessage, MessageType } from './HubMessage';

/** Longest `invocationId` accepted; the official clients send short decimal counters. */
const MAX_INVOCATION_ID_LENGTH = 128;

/** The result of {@link parseHubMessage}: a message, or why the record breaks the protocol. */
export type ParsedHubMessage =
  | { readonly ok: true; readonly message: HubMessage }
  | { readonly ok: false; readonly reason: string };

function fail(reason: string): ParsedHubMessage {
  return { ok: false, reason };
}

function optionalString(value: unknown): value is string | undefined {
  return value === undefined || typeof value === 'string';
}

/**
 * Parses one JSON hub protocol record (without its separator). A record that is not a JSON object,
 * lacks a numeric `type`, or carries fields of the wrong shape is a protocol violation (ASP.NET
 * closes the connection for it); a well-formed message of a type we do not act on, including
 * unknown future types, parses as `ignored`.
 *
 * @internal
 */
export function parseHubMessage(record: Buffer): ParsedHubMessage {
  let value: unknown;
  try {
    value = JSON.parse(record.toString('utf8'));
  } catch (error) {
    return fail(`Error reading JSON: ${(error as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return fail('A hub message must be a JSON object.');
  }
  const fields = value as Record<string, unknown>;
  const type = fields.type;
  if (type === undefined) return fail("Missing required property 'type'.");
  if (typeof type !== 'number' || !Number.isInteger(type)) {
    return fail(`Expected 'type' to be an integer, got ${JSON.stringify(type)}.`);
  }
  const invocationId = fields.invocationId;
  if (!optionalString(invocationId)) return fail("Expected 'invocationId' to be a string.");
  if (invocationId !== undefined && invocationId.length > MAX_INVOCATION_ID_LENGTH) {
    return fail(`'invocationId' is longer than ${MAX_INVOCATION_ID_LENGTH} characters.`);
  }

  switch (type) {
    case MessageType.Invocation:
    case MessageType.StreamInvocation: {
      const { target, arguments: args, streamIds } = fields;
      if (typeof target !== 'string' || target === '') {
        return fail("Missing required property 'target'.");
      }
      if (!Array.isArray(args)) return fail("Missing required property 'arguments'.");
      if (
        streamIds !== undefined &&
        !(Array.isArray(streamIds) && streamIds.every((id) => typeof id === 'string'))
      ) {
        return fail("Expected 'streamIds' to be an array of strings.");
      }
      if (type === MessageType.StreamInvocation && invocationId === undefined) {
        return fail("Missing required property 'invocationId'.");
      }
      return {
        ok: true,
        message: {
          type,
          invocationId,
          target,
          arguments: args,
          streamIds: streamIds as string[] | undefined,
        },
      };
    }
    case MessageType.CancelInvocation:
      if (invocationId === undefined) return fail("Missing required property 'invocationId'.");
      return { ok: true, message: { type, invocationId } };
    case MessageType.Ping:
      return { ok: true, message: { type } };
    case MessageType.Close: {
      const error = fields.error;
      if (!optionalString(error)) return fail("Expected 'error' to be a string.");
      return { ok: true, message: { type, error } };
    }
    default:
      // StreamItem/Completion (upload streams, client results), Ack/Sequence (stateful reconnect,
      // never negotiated) and unknown future types are skipped, as ASP.NET and the clients do.
      return { ok: true, message: { type: 'ignored', rawType: type } };
  }
}
