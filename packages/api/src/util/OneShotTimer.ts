/**
 * At most one pending callback, run once after a delay, for a component that retries or
 * repeats on its own schedule. Setting it again replaces the pending callback. The timer is
 * unref'd, so it never keeps the process alive; once {@link OneShotTimer.close}d it refuses new
 * callbacks, so a retry scheduled while its owner shuts down does nothing.
 */
export class OneShotTimer {
  private _timer: NodeJS.Timeout | undefined;
  private _closed = false;

  /** Runs `run` once after `delayMs`, in place of any pending callback; nothing once closed. */
  public set(run: () => void, delayMs: number): void {
    this.clear();
    if (this._closed) return;
    this._timer = setTimeout(() => {
      this._timer = undefined;
      run();
    }, delayMs);
    this._timer.unref();
  }

  /** Drops the pending callback, if any. */
  public clear(): void {
    if (this._timer) clearTimeout(this._timer);
    this._timer = undefined;
  }

  /** Drops the pending callback and refuses every later {@link OneShotTimer.set}. */
  public close(): void {
    this._closed = true;
    this.clear();
  }
}
