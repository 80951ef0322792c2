const FIN = 0x80;
const OPCODE = 0x0f;
const CONTROL = 0x08;
const CONTINUATION = 0x00;
const MASKED = 0x80;
const LENGTH7 = 0x7f;

/**
 * Counts the frames a WebSocket client sends, from the raw bytes of its socket, and says when it
 * sends more than `maxFramesPerSecond` (a token bucket holding one second's worth) or splits one
 * message into more than `maxFragmentsPerMessage` frames.
 *
 * NOTE: `ws` parses and dispatches every frame on its own, so a client sending one-byte frames
 * costs about a hundred times the CPU of the same bytes in one frame, and `ws` has no per-frame
 * hook. This scanner reads only the frame headers and skips the payloads, so it costs one step
 * per frame — it must see every byte of the socket from the first frame on, to stay aligned.
 *
 * @internal
 */
export class InboundFrameBudget {
  private tokens: number;
  private checkedAt: number;
  private fragments = 0;
  /** Payload bytes of the current frame still to skip. */
  private skip = 0;
  /** The current frame's header while it arrives (at most 14 bytes). */
  private readonly header = Buffer.alloc(14);
  private headerLength = 0;
  /** Set when the stream stopped looking like WebSocket frames; `ws` closes such a client. */
  private lost = false;

  constructor(
    private readonly maxFramesPerSecond: number,
    private readonly maxFragmentsPerMessage: number,
    now: number,
  ) {
    this.tokens = maxFramesPerSecond;
    this.checkedAt = now;
  }

  /**
   * Accounts the frames in `chunk` (received at `now`).
   *
   * @returns why the client is over its budget, or undefined while it is within
   */
  push(chunk: Buffer, now: number): string | undefined {
    if (this.lost) return undefined;
    const rate = this.maxFramesPerSecond;
    this.tokens = Math.min(rate, this.tokens + ((now - this.checkedAt) / 1000) * rate);
    this.checkedAt = now;
    let at = 0;
    while (at < chunk.length) {
      if (this.skip > 0) {
        const step = Math.min(this.skip, chunk.length - at);
        this.skip -= step;
        at += step;
        continue;
      }
      this.header[this.headerLength++] = chunk[at++]!;
      const size = this.headerSize();
      if (size === undefined || this.headerLength < size) continue;
      const violation = this.frame();
      if (violation !== undefined) return violation;
    }
    return undefined;
  }

  /** The full header size once its first two bytes are known. */
  private headerSize(): number | undefined {
    if (this.headerLength < 2) return undefined;
    const length7 = this.header[1]! & LENGTH7;
    const extended = length7 === 126 ? 2 : length7 === 127 ? 8 : 0;
    return 2 + extended + (this.header[1]! & MASKED ? 4 : 0);
  }

  /** One complete header: charge it and set up skipping its payload. */
  private frame(): string | undefined {
    const first = this.header[0]!;
    const length7 = this.header[1]! & LENGTH7;
    this.skip =
      length7 === 126
        ? this.header.readUInt16BE(2)
        : length7 === 127
          ? this.header.readUInt32BE(2) * 2 ** 32 + this.header.readUInt32BE(6)
          : length7;
    this.headerLength = 0;
    if (!Number.isSafeInteger(this.skip)) {
      this.lost = true;
      return undefined;
    }
    this.tokens -= 1;
    if (this.tokens < 0) return `more than ${this.maxFramesPerSecond} frames per second`;
    const opcode = first & OPCODE;
    if (opcode & CONTROL) return undefined; // pings, pongs and close may sit between fragments
    this.fragments = opcode === CONTINUATION ? this.fragments + 1 : 1;
    if (this.fragments > this.maxFragmentsPerMessage) {
      return `a message in more than ${this.maxFragmentsPerMessage} fragments`;
    }
    if (first & FIN) this.fragments = 0;
    return undefined;
  }
}
