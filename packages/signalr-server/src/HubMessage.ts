/** Numeric `type` of each JSON hub protocol message. */
export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
  Ack: 8,
  Sequence: 9,
} as const;

/** A client → server message the hub acts on; every other valid message is ignored. */
export type HubMessage =
  | {
      readonly type: typeof MessageType.Invocation | typeof MessageType.StreamInvocation;
      readonly invocationId: string | undefined;
      readonly target: string;
      readonly arguments: readonly unknown[];
      readonly streamIds: readonly string[] | undefined;
    }
  | { readonly type: typeof MessageType.CancelInvocation; readonly invocationId: string }
  | { readonly type: typeof MessageType.Ping }
  | { readonly type: typeof MessageType.Close; readonly error: string | undefined }
  | { readonly type: 'ignored'; readonly rawType: number };
