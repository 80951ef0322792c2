import { type FrameScheduler } from '../chart/FrameCoalescer';

/** Animation frames that run only when a test says so. */
export class ManualFrames implements FrameScheduler {
  private next = 1;
  private readonly callbacks = new Map<number, () => void>();

  readonly request = (callback: () => void): number => {
    const handle = this.next;
    this.next += 1;
    this.callbacks.set(handle, callback);
    return handle;
  };

  readonly cancel = (handle: number): void => {
    this.callbacks.delete(handle);
  };

  /** Callbacks waiting for the next frame. */
  get pending(): number {
    return this.callbacks.size;
  }

  /** Runs the callbacks scheduled so far (those they schedule wait for the next frame). */
  runFrame(): void {
    const callbacks = [...this.callbacks.values()];
    this.callbacks.clear();
    for (const callback of callbacks) callback();
  }
}
