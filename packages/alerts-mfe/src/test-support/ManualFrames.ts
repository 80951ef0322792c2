import { type FrameScheduler } from '../chart/FrameCoalescer';

/** Animation frames that run only when a test says so. */
export class ManualFrames implements FrameScheduler {
  private _next = 1;
  private readonly _callbacks = new Map<number, () => void>();

  public readonly request = (callback: () => void): number => {
    const handle = this._next;
    this._next += 1;
    this._callbacks.set(handle, callback);
    return handle;
  };

  public readonly cancel = (handle: number): void => {
    this._callbacks.delete(handle);
  };

  /** Callbacks waiting for the next frame. */
  public get pending(): number {
    return this._callbacks.size;
  }

  /** Runs the callbacks scheduled so far (those they schedule wait for the next frame). */
  public runFrame(): void {
    const callbacks = [...this._callbacks.values()];
    this._callbacks.clear();
    for (const callback of callbacks) callback();
  }
}
