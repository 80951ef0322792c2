/** What {@link PendingDeletes} listens to for the page going away; `window` in the browser. */
export type PageEvents = Pick<Window, 'addEventListener' | 'removeEventListener'>;

/** Sends one delete; `keepalive` when the page is going away (the request must outlive it). */
export type SendDelete = (keepalive: boolean) => void;

/**
 * Deletes that wait while their Undo is offered: each is sent when {@link commit} is called (the
 * toast has gone), after `fallbackMs` at the latest (a toast that never showed or never closes),
 * or at once, as a keepalive request, when the page is hidden for good (`pagehide`: a reload, a
 * closed tab). {@link cancel} is the Undo.
 *
 * NOTE: the api has no undelete, so the delete itself waits rather than being undone afterwards.
 */
export class PendingDeletes {
  private readonly waiting = new Map<string, { send: SendDelete; timer: number }>();
  private readonly onPageHide = () => this.commitAll(true);

  constructor(
    private readonly fallbackMs: number,
    private readonly page: PageEvents = window,
  ) {}

  /**
   * Holds a delete back until {@link commit}; one already waiting for `id` is replaced.
   *
   * @param onFallback - called when the fallback sent it (the toast was still open, e.g. kept by a
   *   hovering pointer): its Undo must go then, as it can no longer undo anything.
   */
  add(id: string, send: SendDelete, onFallback?: () => void): void {
    this.drop(id);
    if (this.waiting.size === 0) this.page.addEventListener('pagehide', this.onPageHide);
    const timer = window.setTimeout(() => {
      this.commit(id);
      onFallback?.();
    }, this.fallbackMs);
    this.waiting.set(id, { send, timer });
  }

  /** The Undo: forgets the delete. False when it has already been sent (too late). */
  cancel(id: string): boolean {
    return this.drop(id) !== undefined;
  }

  /** Sends the delete now, if it is still waiting. */
  commit(id: string, keepalive = false): void {
    this.drop(id)?.(keepalive);
  }

  /** Sends every waiting delete now. */
  commitAll(keepalive: boolean): void {
    for (const id of [...this.waiting.keys()]) this.commit(id, keepalive);
  }

  private drop(id: string): SendDelete | undefined {
    const entry = this.waiting.get(id);
    if (entry === undefined) return undefined;
    window.clearTimeout(entry.timer);
    this.waiting.delete(id);
    if (this.waiting.size === 0) this.page.removeEventListener('pagehide', this.onPageHide);
    return entry.send;
  }
}
