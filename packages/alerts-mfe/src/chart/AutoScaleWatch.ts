import { type FrameScheduler } from './FrameCoalescer';

/**
 * Tells when the price scale stops (or starts again) being automatic. lightweight-charts has no
 * event for it: a drag on the price axis turns `autoScale` off inside the library, a double-click
 * on the axis turns it back on. So the scale is read once per animation frame while a pointer is
 * pressed on the chart, once more in the frame after it is released (the library handles the
 * mouseup, and its double-click, after the pointerup), and whenever the owner asks
 * ({@link check}); the handler hears only changes.
 */
export class AutoScaleWatch {
  private auto: boolean;
  private pressed = false;
  private frame: number | undefined;

  constructor(
    private readonly target: HTMLElement,
    private readonly frames: FrameScheduler,
    private readonly isAuto: () => boolean,
    private readonly onChange: (auto: boolean) => void,
  ) {
    this.auto = isAuto();
    target.addEventListener('pointerdown', this.onPointerDown);
  }

  /** Reads the scale now; calls the handler when it changed since the last reading. */
  check(): void {
    const auto = this.isAuto();
    if (auto === this.auto) return;
    this.auto = auto;
    this.onChange(auto);
  }

  dispose(): void {
    this.target.removeEventListener('pointerdown', this.onPointerDown);
    this.release();
    if (this.frame !== undefined) this.frames.cancel(this.frame);
    this.frame = undefined;
  }

  private readonly onPointerDown = (): void => {
    if (!this.pressed) {
      this.pressed = true;
      // On the window: a drag goes on when the pointer leaves the chart.
      window.addEventListener('pointermove', this.checkSoon);
      window.addEventListener('pointerup', this.onPointerUp);
      window.addEventListener('pointercancel', this.onPointerUp);
    }
    this.checkSoon();
  };

  private readonly onPointerUp = (): void => {
    this.release();
    this.checkSoon();
  };

  private release(): void {
    if (!this.pressed) return;
    this.pressed = false;
    window.removeEventListener('pointermove', this.checkSoon);
    window.removeEventListener('pointerup', this.onPointerUp);
    window.removeEventListener('pointercancel', this.onPointerUp);
  }

  /** One reading in the next frame, however many pointer events come before it. */
  private readonly checkSoon = (): void => {
    if (this.frame !== undefined) return;
    this.frame = this.frames.request(() => {
      this.frame = undefined;
      this.check();
    });
  };
}
