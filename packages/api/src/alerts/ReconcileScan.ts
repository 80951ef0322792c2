/** What a {@link ReconcileScan} asks of the engine it checks. */
export interface WatchedAlerts {
  /** Whether the engine watches this alert (a firing being recorded counts). */
  isWatched(id: string): boolean;
  /** The ids it watches, live: an iterator over its own maps, read a slice at a time. */
  watchedIds(): IterableIterator<string>;
  /** The alerts whose firings are judged and not yet recorded (left alone: see AlertEngine). */
  firingIds(): ReadonlySet<string>;
}

/** What a scan found: the active alerts not watched, the watched ones not active. */
export interface ReconcileVerdict {
  readonly missing: string[];
  readonly forgotten: string[];
}

/** Watched ids compared with the table between two yields to the event loop. */
const WATCHED_PER_SLICE = 20_000;

function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * One check of the engine's watched alerts against the ids the table holds as active, read a page
 * at a time (issue #27): at 1,000,000 alerts, reading every id at once held SQLite's event loop
 * for ~1.8 s and comparing them for ~1 s more, every 5 minutes. The engine goes on meanwhile, so
 * any alert it adds, forgets or lets go of while the scan runs is *touched* and left out of the
 * verdict: the live path is handling it, and a change whose notification was lost is caught by the
 * next scan.
 */
export class ReconcileScan {
  private readonly seen = new Set<string>();
  private readonly touched = new Set<string>();
  /** Active ids read while not watched: the candidates for `missing`. */
  private readonly unwatched: string[] = [];

  constructor(
    private readonly watched: WatchedAlerts,
    private readonly onClose: (scan: ReconcileScan) => void,
  ) {}

  /** The engine changed what it watches of this alert since the scan began. */
  touch(id: string): void {
    this.touched.add(id);
  }

  /** One page of the table's active ids. */
  sawActive(ids: Iterable<string>): void {
    for (const id of ids) {
      this.seen.add(id);
      if (!this.watched.isWatched(id)) this.unwatched.push(id);
    }
  }

  /**
   * The verdict once every page was read: the watched alerts the table does not hold as active are
   * found a slice at a time, yielding to the event loop between slices; then each candidate is
   * judged again as things stand at the end.
   */
  async verdict(): Promise<ReconcileVerdict> {
    const notSeen: string[] = [];
    let inSlice = 0;
    // A live iterator: entries added during a yield are visited, deleted ones skipped.
    for (const id of this.watched.watchedIds()) {
      if (!this.seen.has(id)) notSeen.push(id);
      inSlice += 1;
      if (inSlice === WATCHED_PER_SLICE) {
        inSlice = 0;
        await nextTurn();
      }
    }
    const firing = this.watched.firingIds();
    const settled = (id: string) => !this.touched.has(id) && !firing.has(id);
    return {
      missing: this.unwatched.filter((id) => settled(id) && !this.watched.isWatched(id)),
      forgotten: notSeen.filter((id) => settled(id) && this.watched.isWatched(id)),
    };
  }

  /** Stops the engine telling this scan about its changes. */
  close(): void {
    this.onClose(this);
  }
}
