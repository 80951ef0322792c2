import { type Frame } from './Frame';

interface Entry {
  frame: Frame | undefined;
  readonly key: string | undefined;
}

/**
 * The messages of one connection that its transport could not take yet (a slow WebSocket or SSE
 * consumer, or a long-polling client between two polls).
 *
 * NOTE: a keyed message replaces the queued, undelivered message with the same key, and takes its
 * place at the end of the queue: it was produced after everything queued before it, so moving it
 * back keeps the causal order (a completion sent before an update still arrives before it). Unkeyed
 * messages are never dropped; the owner bounds the queue by closing the connection instead.
 *
 * @internal
 */
export class OutboundQueue {
  private entries: Entry[] = [];
  private readonly byKey = new Map<string, Entry>();
  private bytes = 0;
  private dead = 0;

  /** Queues `frame`, replacing an undelivered message with the same `key`. */
  push(frame: Frame, key?: string): void {
    if (key !== undefined) {
      const previous = this.byKey.get(key);
      if (previous?.frame) {
        this.bytes -= previous.frame.byteLength;
        previous.frame = undefined;
        this.dead += 1;
      }
    }
    const entry: Entry = { frame, key };
    this.entries.push(entry);
    if (key !== undefined) this.byKey.set(key, entry);
    this.bytes += frame.byteLength;
    if (this.dead > 64 && this.dead > this.entries.length / 2) this.compact();
  }

  /** Removes and returns every queued frame, oldest first. */
  takeAll(): Frame[] {
    const frames: Frame[] = [];
    for (const entry of this.entries) if (entry.frame) frames.push(entry.frame);
    this.clear();
    return frames;
  }

  clear(): void {
    this.entries = [];
    this.byKey.clear();
    this.bytes = 0;
    this.dead = 0;
  }

  get byteLength(): number {
    return this.bytes;
  }

  get length(): number {
    return this.entries.length - this.dead;
  }

  get isEmpty(): boolean {
    return this.length === 0;
  }

  private compact(): void {
    this.entries = this.entries.filter((entry) => entry.frame !== undefined);
    this.dead = 0;
  }
}
