/** A clock that moves only when a test moves it. */
export class ManualClock {
  constructor(private time: number) {}

  /** The current time (ms); pass `clock.now` as a simulator's clock. */
  readonly now = (): number => this.time;

  advance(ms: number): void {
    this.time += ms;
  }

  set(time: number): void {
    this.time = time;
  }
}
