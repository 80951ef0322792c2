/** The ASCII record separator that ends every JSON hub protocol record. */
export const RECORD_SEPARATOR = '\x1e';

/**
 * One or more serialized hub protocol records, each ended by the record separator, encoded once and
 * shared by every connection it is written to. A group broadcast builds one `Frame` and hands the
 * same object (and so the same bytes) to each member's transport.
 *
 * @internal
 */
export class Frame {
  private encoded: Buffer | undefined;
  private sseEncoded: Buffer | undefined;
  private webSocketEncoded: Buffer | undefined;

  /** @param text - whole records, each ending with {@link RECORD_SEPARATOR} */
  constructor(readonly text: string) {}

  /** Builds the frame of one record from a message object. */
  static fromMessage(message: object): Frame {
    return new Frame(JSON.stringify(message) + RECORD_SEPARATOR);
  }

  /** UTF-8 bytes of the records (what a WebSocket text frame or a poll body carries). */
  get bytes(): Buffer {
    this.encoded ??= Buffer.from(this.text, 'utf8');
    return this.encoded;
  }

  /**
   * The records as one unnamed Server-Sent Event. JSON text never holds a raw line break, so one
   * `data:` line is enough.
   */
  get sseBytes(): Buffer {
    this.sseEncoded ??= Buffer.from(`data: ${this.text}\r\n\r\n`, 'utf8');
    return this.sseEncoded;
  }

  /**
   * The records as one complete, unmasked WebSocket text frame (RFC 6455 §5.2), built once and
   * written as is to every recipient's socket: one write per connection, no per-connection framing.
   */
  get webSocketBytes(): Buffer {
    this.webSocketEncoded ??= webSocketTextFrame(this.bytes);
    return this.webSocketEncoded;
  }

  /** Joins frames into one (a batch of queued records for one delivery). */
  static join(frames: readonly Frame[]): Frame {
    return frames.length === 1 ? frames[0]! : new Frame(frames.map((frame) => frame.text).join(''));
  }

  get byteLength(): number {
    return this.bytes.length;
  }
}

const FIN_TEXT = 0x81;

function webSocketTextFrame(payload: Buffer): Buffer {
  const length = payload.length;
  const headerLength = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + length);
  frame[0] = FIN_TEXT;
  if (length < 126) {
    frame[1] = length;
  } else if (length < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(frame, headerLength);
  return frame;
}
