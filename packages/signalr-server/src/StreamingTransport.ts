import { type Writable } from 'node:stream';
import { type Frame } from './Frame';
import { type Transport, type TransportKind, type TransportOwner } from './Transport';

/**
 * What WebSockets and Server-Sent Events share: one long-lived stream (the upgraded socket, the
 * event-stream response) that frames are written to while its buffer has room, and that, once
 * backed up, takes the queued frames in one write when it drains. Never idle: a streaming
 * transport always has its "request" open.
 *
 * @internal
 */
export abstract class StreamingTransport implements Transport {
  abstract readonly kind: TransportKind;
  private waitingForDrain = false;

  /**
   * @param stream - what the frames are written to; its `drain` event tells us when a backed-up
   *   client has caught up.
   * @param highWaterMark - above this many buffered bytes, frames wait in the owner's queue.
   */
  constructor(
    private readonly stream: Writable,
    protected readonly owner: TransportOwner,
    private readonly highWaterMark: number,
  ) {}

  tryWrite(frame: Frame): boolean {
    // Closing or gone: nothing can be delivered any more.
    if (!this.canWrite()) return true;
    if (this.stream.writableLength > this.highWaterMark) return false;
    this.stream.write(this.encode(frame));
    return true;
  }

  notifyQueued(): void {
    if (this.waitingForDrain) return;
    this.waitingForDrain = true;
    this.stream.once('drain', () => {
      this.waitingForDrain = false;
      this.flush();
      this.owner.transportReady();
    });
  }

  idleFor(): number {
    return 0;
  }

  abstract end(): void;

  abstract abort(): void;

  /** Whether the stream is still open to the client, so a frame written now can arrive. */
  protected abstract canWrite(): boolean;

  /** The bytes of one frame on this transport's wire. */
  protected abstract encode(frame: Frame): Buffer;

  /** Writes everything in the owner's queue, in one write, if the stream is still open. */
  protected abstract flush(): void;
}
