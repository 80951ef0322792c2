/** Timer functions, injectable for tests. */
export interface ChartTimers {
  readonly setTimeout: (callback: () => void, ms: number) => unknown;
  readonly clearTimeout: (handle: unknown) => void;
}
