/**
 * At most one pending callback, run once after a delay, for a component that retries or
 * repeats on its own schedule. Setting it again replaces the pending callback. The timer is
 * unref'd, so it never keeps the process alive; once {@link OneShotTimer.close}d it refuses new
 * callbacks, so a retry scheduled while its owner shuts down does nothing.
 */
export class OneShotTimer {
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  /** Whether a callback is waiting to run. */
  get pending(): boolean {
    return this.timer !== undefined;
  }

  /** Runs `run` once after `delayMs`, in place of any pending callback; nothing once closed. */
  set(run: () => void, delayMs: number): void {
    this.clear();
    if (this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      run();
    }, delayMs);
    this.timer.unref();
  }

  /** Drops the pending callback, if any. */
  clear(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Drops the pending callback and refuses every later {@link OneShotTimer.set}. */
  close(): void {
    this.closed = true;
    this.clear();
  }
}
