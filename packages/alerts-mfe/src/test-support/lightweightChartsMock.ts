// A stand-in for `lightweight-charts` in jest (the real package is ESM-only and needs a canvas).
// It keeps series data the way the library does (setData replaces, update replaces the last bar or
// appends, and rejects older times) and records what the code asked for, so tests can assert on it.

type Bar = { time: number } & Record<string, unknown>;
type RangeHandler = (range: { from: number; to: number } | null) => void;
/** What the mock passes to crosshair handlers (the fields the app reads). */
export interface MockCrosshairParams {
  time?: number;
  point?: { x: number; y: number };
  paneIndex?: number;
}
type CrosshairHandler = (
  params: MockCrosshairParams & { seriesData: Map<unknown, unknown> },
) => void;

export class MockPriceLine {
  constructor(
    public opts: Record<string, unknown>,
    private readonly owner: MockSeries,
  ) {}
  applyOptions(patch: Record<string, unknown>): void {
    this.opts = { ...this.opts, ...patch };
  }
  options(): Record<string, unknown> {
    return this.opts;
  }
  /** Whether the line is still on its series. */
  get attached(): boolean {
    return this.owner.lines.includes(this);
  }
}

export const CrosshairMode = { Normal: 0, Magnet: 1, Hidden: 2, MagnetOHLC: 3 } as const;
export const LineStyle = {
  Solid: 0,
  Dotted: 1,
  Dashed: 2,
  LargeDashed: 3,
  SparseDotted: 4,
} as const;
export const TickMarkType = {
  Year: 0,
  Month: 1,
  DayOfMonth: 2,
  Time: 3,
  TimeWithSeconds: 4,
} as const;
export const ColorType = { Solid: 'solid', VerticalGradient: 'gradient' } as const;
export const CandlestickSeries = { type: 'Candlestick' } as const;

export class MockPriceScale {
  /** What the code applied (the library's defaults left out). */
  opts: Record<string, unknown> = {};
  /** What `width()` answers: the axis' width in CSS pixels. */
  axisWidth = 64;
  /** Every `applyOptions` call's options, in order (each is a full update in the library). */
  readonly applied: Record<string, unknown>[] = [];
  applyOptions(options: Record<string, unknown>): void {
    this.applied.push(options);
    this.opts = { ...this.opts, ...options };
  }
  /** Like the library: every option, the defaults included (`autoScale` is on by default). */
  options(): Record<string, unknown> & { autoScale: boolean } {
    return { autoScale: true, ...this.opts };
  }
  width(): number {
    return this.axisWidth;
  }
  /** Test driver: a drag on the axis, which the library answers by turning `autoScale` off. */
  scaleByHand(): void {
    this.opts = { ...this.opts, autoScale: false };
  }
  /** Test driver: a double-click on the axis, which the library answers with `autoScale` on. */
  resetByHand(): void {
    this.opts = { ...this.opts, autoScale: true };
  }
}

export class MockSeries {
  bars: Bar[] = [];
  setDataCalls = 0;
  updateCalls = 0;
  readonly lines: MockPriceLine[] = [];
  /** Price at a pane coordinate; tests may replace it (the default: 1000 at the top, 1 per px). */
  coordinateToPrice: (y: number) => number | null = (y) => 1000 - y;
  /** What `barsInLogicalRange` answers; tests set it to simulate scrolling. */
  barsBefore = 1000;
  /** Pane coordinate of a price, the inverse of the default `coordinateToPrice`. */
  priceToCoordinate: (price: number) => number | null = (price) => 1000 - price;
  /** Series primitives attached and not detached, in attach order. */
  readonly primitives: MockPrimitive[] = [];
  /** Redraws primitives asked for (`requestUpdate`). */
  updateRequests = 0;

  constructor(
    public options: Record<string, unknown>,
    readonly paneIndex: number,
  ) {}

  setData(bars: readonly Bar[]): void {
    for (let i = 1; i < bars.length; i += 1) {
      if (bars[i]!.time <= bars[i - 1]!.time) {
        throw new Error(`data must be asc ordered by time, index=${i}, time=${bars[i]!.time}`);
      }
    }
    this.bars = [...bars];
    this.setDataCalls += 1;
  }

  update(bar: Bar): void {
    const last = this.bars[this.bars.length - 1];
    if (last !== undefined && bar.time < last.time) {
      throw new Error(`Cannot update oldest data, last time=${last.time}, new time=${bar.time}`);
    }
    if (last !== undefined && bar.time === last.time) this.bars[this.bars.length - 1] = bar;
    else this.bars.push(bar);
    this.updateCalls += 1;
  }

  /** Like the library, leaves whitespace bars (`{ time }` only) out. */
  data(): readonly Bar[] {
    return this.bars.filter((bar) => Object.keys(bar).length > 1);
  }

  applyOptions(options: Record<string, unknown>): void {
    this.options = { ...this.options, ...options };
  }

  /** Like the library: a custom format's formatter, else the built-in one (no separators). */
  priceFormatter(): { format: (price: number) => string } {
    const format = this.options['priceFormat'] as
      | { type: 'custom'; formatter: (price: number) => string }
      | { type?: 'price'; precision?: number }
      | undefined;
    if (format?.type === 'custom') return { format: format.formatter };
    const precision = format?.precision ?? 2;
    return { format: (price) => price.toFixed(precision) };
  }

  createPriceLine(options: Record<string, unknown>): MockPriceLine {
    const line = new MockPriceLine(options, this);
    this.lines.push(line);
    return line;
  }

  removePriceLine(line: MockPriceLine): void {
    const index = this.lines.indexOf(line);
    if (index < 0) throw new Error('removePriceLine: not a line of this series');
    this.lines.splice(index, 1);
  }

  priceLines(): MockPriceLine[] {
    return [...this.lines];
  }

  /** The options of every price line, in creation order. */
  get priceLineOptions(): Record<string, unknown>[] {
    return this.lines.map((line) => line.opts);
  }

  attachPrimitive(primitive: MockPrimitive): void {
    this.primitives.push(primitive);
    primitive.attached?.({
      series: this,
      requestUpdate: () => {
        this.updateRequests += 1;
      },
    });
  }

  detachPrimitive(primitive: MockPrimitive): void {
    const index = this.primitives.indexOf(primitive);
    if (index < 0) throw new Error('detachPrimitive: not a primitive of this series');
    this.primitives.splice(index, 1);
    primitive.detached?.();
  }

  barsInLogicalRange(range: { from: number; to: number } | null): {
    barsBefore: number;
    barsAfter: number;
  } | null {
    return range ? { barsBefore: this.barsBefore, barsAfter: 0 } : null;
  }
}

/** The parts of a series primitive the mock calls (the library calls the same). */
export interface MockPrimitive {
  attached?(param: { series: MockSeries; requestUpdate: () => void }): void;
  detached?(): void;
}

export class MockPane {
  height = 0;
  constructor(readonly index: number) {}
  setHeight(height: number): void {
    this.height = height;
  }
  getHeight(): number {
    return this.height;
  }
}

export class MockWatermark {
  detached = false;
  constructor(public options: { visible?: boolean; lines?: { text: string }[] }) {}
  applyOptions(options: { visible?: boolean; lines?: { text: string }[] }): void {
    this.options = { ...this.options, ...options };
  }
  detach(): void {
    this.detached = true;
  }
  /** The text shown, or undefined when hidden. */
  get text(): string | undefined {
    return this.options.visible === false ? undefined : this.options.lines?.[0]?.text;
  }
}

export class MockChart {
  readonly series: MockSeries[] = [];
  readonly panesList: MockPane[] = [new MockPane(0)];
  readonly scales = new Map<string, MockPriceScale>();
  readonly watermarks: MockWatermark[] = [];
  removed = false;
  crosshairClears = 0;
  timeScaleResets = 0;
  /** What `paneSize` answers per pane index. */
  paneSizes = [
    { width: 600, height: 380 },
    { width: 600, height: 140 },
  ];
  private readonly rangeHandlers = new Set<RangeHandler>();
  private readonly crosshairHandlers = new Set<CrosshairHandler>();

  constructor(
    readonly container: HTMLElement,
    public options: Record<string, unknown>,
  ) {}

  addSeries(_definition: unknown, options: Record<string, unknown> = {}, paneIndex = 0) {
    while (this.panesList.length <= paneIndex)
      this.panesList.push(new MockPane(this.panesList.length));
    const series = new MockSeries(options, paneIndex);
    this.series.push(series);
    return series;
  }

  panes(): MockPane[] {
    return this.panesList;
  }

  priceScale(id: string, paneIndex = 0): MockPriceScale {
    const key = `${id}:${paneIndex}`;
    let scale = this.scales.get(key);
    if (!scale) {
      scale = new MockPriceScale();
      this.scales.set(key, scale);
    }
    return scale;
  }

  applyOptions(options: Record<string, unknown>): void {
    this.options = deepMerge(this.options, options);
  }

  clearCrosshairPosition(): void {
    this.crosshairClears += 1;
  }

  paneSize(index = 0): { width: number; height: number } {
    return this.paneSizes[index] ?? { width: 0, height: 0 };
  }

  subscribeCrosshairMove(handler: CrosshairHandler): void {
    this.crosshairHandlers.add(handler);
  }

  unsubscribeCrosshairMove(handler: CrosshairHandler): void {
    this.crosshairHandlers.delete(handler);
  }

  /** Test driver: the pointer moved over the chart (or left it, with no `point`). */
  emitCrosshair(params: MockCrosshairParams): void {
    for (const handler of [...this.crosshairHandlers])
      handler({ ...params, seriesData: new Map() });
  }

  timeScale() {
    return {
      subscribeVisibleLogicalRangeChange: (handler: RangeHandler) =>
        this.rangeHandlers.add(handler),
      unsubscribeVisibleLogicalRangeChange: (handler: RangeHandler) =>
        this.rangeHandlers.delete(handler),
      getVisibleLogicalRange: () => ({ from: 0, to: 100 }),
      resetTimeScale: () => {
        this.timeScaleResets += 1;
      },
      getVisibleRange: () => {
        const bars = this.series[0]?.bars ?? [];
        const first = bars[0];
        const last = bars[bars.length - 1];
        return first && last ? { from: first.time, to: last.time } : null;
      },
    };
  }

  remove(): void {
    this.removed = true;
  }

  /** Test driver: the user scrolled; the handlers see a new visible range. */
  emitVisibleRange(range: { from: number; to: number } | null = { from: 0, to: 100 }): void {
    for (const handler of [...this.rangeHandlers]) handler(range);
  }
}

function deepMerge(
  target: Record<string, unknown>,
  source: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...target };
  for (const [key, value] of Object.entries(source)) {
    const prev = out[key];
    out[key] =
      value &&
      typeof value === 'object' &&
      !Array.isArray(value) &&
      prev &&
      typeof prev === 'object'
        ? deepMerge(prev as Record<string, unknown>, value as Record<string, unknown>)
        : value;
  }
  return out;
}

/** Every chart created since the last {@link resetMockCharts}. */
export const mockCharts: MockChart[] = [];

export function resetMockCharts(): void {
  mockCharts.length = 0;
  mockMarkers.length = 0;
}

/** The most recently created chart. */
export function lastMockChart(): MockChart {
  const chart = mockCharts[mockCharts.length - 1];
  if (!chart) throw new Error('No chart was created');
  return chart;
}

export function createChart(
  container: HTMLElement,
  options: Record<string, unknown> = {},
): MockChart {
  const chart = new MockChart(container, options);
  mockCharts.push(chart);
  return chart;
}

/** Records the markers of one series (lightweight-charts' markers plugin). */
export class MockSeriesMarkers {
  list: Record<string, unknown>[] = [];
  detached = false;
  constructor(readonly series: MockSeries) {}
  setMarkers(markers: Record<string, unknown>[]): void {
    this.list = [...markers];
  }
  markers(): readonly Record<string, unknown>[] {
    return this.list;
  }
  detach(): void {
    this.detached = true;
  }
}

/** Every markers plugin created since the last {@link resetMockCharts}. */
export const mockMarkers: MockSeriesMarkers[] = [];

export function createSeriesMarkers(
  series: MockSeries,
  markers: Record<string, unknown>[] = [],
): MockSeriesMarkers {
  const plugin = new MockSeriesMarkers(series);
  plugin.setMarkers(markers);
  mockMarkers.push(plugin);
  return plugin;
}

export function createTextWatermark(
  pane: MockPane,
  options: ConstructorParameters<typeof MockWatermark>[0],
): MockWatermark {
  const watermark = new MockWatermark(options);
  const chart = mockCharts.find((candidate) => candidate.panesList.includes(pane));
  chart?.watermarks.push(watermark);
  return watermark;
}
