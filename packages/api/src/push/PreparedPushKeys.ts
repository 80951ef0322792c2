import { PreparedPushKey } from './PreparedPushKey';

/** The keys of a subscription that its messages are encrypted for. */
export interface PushKeyPair {
  readonly p256dh: string;
  readonly auth: string;
}

/** Options of {@link PreparedPushKeys}. */
export interface PreparedPushKeysOptions {
  /**
   * `PUSH_PREPARED_KEYS`: prepared keys kept at most (one per subscription; ≈ 0.7 KiB each). When
   * full, the key prepared longest ago makes room.
   */
  readonly capacity: number;
  /** Keys are prepared only once no message has been sent for this long. Default 100 ms. */
  readonly quietMs?: number;
  /** One turn of preparation lasts about this long before it lets the event loop run. Default 4 ms. */
  readonly sliceMs?: number;
  /** Clock in ms (tests). */
  readonly now?: () => number;
  /** Makes a key (tests). Default {@link PreparedPushKey.create}. */
  readonly prepare?: (keys: PushKeyPair) => PreparedPushKey;
}

const keyOf = (keys: PushKeyPair) => `${keys.p256dh}.${keys.auth}`;

/**
 * One {@link PreparedPushKey} ready per subscription (docs/architecture.md §9, "Push encryption"),
 * so that the first message to each browser in a burst — a price move firing thousands of alerts
 * at once — costs an AES pass instead of an ECDH agreement on the event loop that also records
 * the firings and reads the push services' answers. The transport {@link take}s a subscription's
 * key as it sends and {@link want}s another; the api wants one for every stored subscription at
 * start. Keys are prepared in short turns, and only once sending has been quiet for
 * `quietMs`: during a burst the work it would save is not spent on the burst's thread.
 */
export class PreparedPushKeys {
  private readonly ready = new Map<string, PreparedPushKey>();
  private readonly wanted = new Map<string, PushKeyPair>();
  /** Keys kept at most. */
  readonly capacity: number;
  private readonly quietMs: number;
  private readonly sliceMs: number;
  private readonly now: () => number;
  private readonly prepare: (keys: PushKeyPair) => PreparedPushKey;
  private lastSendAt = Number.NEGATIVE_INFINITY;
  private timer: NodeJS.Timeout | undefined;
  private immediate: NodeJS.Immediate | undefined;
  private closed = false;
  private refused = 0;

  constructor(options: PreparedPushKeysOptions) {
    this.capacity = Math.max(0, Math.floor(options.capacity));
    this.quietMs = options.quietMs ?? 100;
    this.sliceMs = options.sliceMs ?? 4;
    this.now = options.now ?? (() => performance.now());
    this.prepare = options.prepare ?? ((keys) => PreparedPushKey.create(keys.p256dh, keys.auth));
  }

  /** Keys ready now. */
  get size(): number {
    return this.ready.size;
  }

  /** Keys waiting to be prepared. */
  get pending(): number {
    return this.wanted.size;
  }

  /** Subscriptions whose key could not be made (their `p256dh` is no P-256 public key). */
  get failed(): number {
    return this.refused;
  }

  /**
   * The key prepared for this subscription, taken (it seals one message), or undefined; either
   * way a message is being sent now, which holds back preparing for `quietMs`.
   */
  take(keys: PushKeyPair): PreparedPushKey | undefined {
    this.lastSendAt = this.now();
    const key = keyOf(keys);
    const prepared = this.ready.get(key);
    if (prepared) this.ready.delete(key);
    return prepared;
  }

  /** Asks for a key for this subscription, unless one is ready or asked for already. */
  want(keys: PushKeyPair): void {
    if (this.closed || this.capacity === 0) return;
    const key = keyOf(keys);
    if (this.ready.has(key) || this.wanted.has(key)) return;
    if (this.wanted.size >= this.capacity) {
      // The oldest wish goes: what was asked for last is likelier to be sent to soon.
      const oldest = this.wanted.keys().next();
      if (!oldest.done) this.wanted.delete(oldest.value);
    }
    this.wanted.set(key, { p256dh: keys.p256dh, auth: keys.auth });
    this.schedule();
  }

  /** Drops what is kept or asked for this subscription (it is gone). */
  forget(keys: PushKeyPair): void {
    const key = keyOf(keys);
    this.ready.delete(key);
    this.wanted.delete(key);
  }

  /** Stops preparing and drops every key. */
  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.immediate) clearImmediate(this.immediate);
    this.timer = undefined;
    this.immediate = undefined;
    this.ready.clear();
    this.wanted.clear();
  }

  private schedule(): void {
    if (this.closed || this.timer || this.immediate || this.wanted.size === 0) return;
    const wait = this.lastSendAt + this.quietMs - this.now();
    if (wait > 0) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.schedule();
      }, Math.ceil(wait));
      this.timer.unref();
      return;
    }
    // Not unref'd: the event loop would then wait in its poll phase for the next timer or I/O
    // between turns (measured: 10,000 keys took 18.7 s instead of 3 s). The work is bounded by
    // what is wanted, and close() ends it.
    this.immediate = setImmediate(() => {
      this.immediate = undefined;
      this.runSlice();
    });
  }

  private runSlice(): void {
    const start = this.now();
    for (const [key, keys] of this.wanted) {
      if (this.closed || this.now() - start >= this.sliceMs) break;
      // A send since this turn was scheduled: wait for quiet again.
      if (this.now() - this.lastSendAt < this.quietMs) break;
      this.wanted.delete(key);
      let prepared: PreparedPushKey;
      try {
        prepared = this.prepare(keys);
      } catch {
        // Not a key a message can be encrypted for: its sends fail and say why.
        this.refused += 1;
        continue;
      }
      if (this.ready.size >= this.capacity) {
        const oldest = this.ready.keys().next();
        if (!oldest.done) this.ready.delete(oldest.value);
      }
      this.ready.set(key, prepared);
    }
    this.schedule();
  }
}
