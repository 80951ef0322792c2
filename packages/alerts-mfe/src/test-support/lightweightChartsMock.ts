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
  public constructor(
    public opts: Record<string, unknown>,
    private readonly _owner: MockSeries,
  ) {}
  public applyOptions(patch: Record<string, unknown>): void {
    this.opts = { ...this.opts, ...patch };
  }
  public options(): Record<string, unknown> {
    return this.opts;
  }
  /** Whether the line is still on its series. */
  public get attached(): boolean {
    return this._owner.lines.includes(this);
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
export const ColorType = { Solid: 'solid', VerticalGradient: 'gradient' } as const;
export const CandlestickSeries = { type: 'Candlestick' } as const;

export class MockPriceScale {
  public options: Record<string, unknown> = {};
  public applyOptions(options: Record<string, unknown>): void {
    this.options = { ...this.options, ...options };
  }
}

export class MockSeries {
  public bars: Bar[] = [];
  public setDataCalls = 0;
  public updateCalls = 0;
  public readonly lines: MockPriceLine[] = [];
  /** Price at a pane coordinate; tests may replace it (the default: 1000 at the top, 1 per px). */
  public coordinateToPrice: (y: number) => number | null = (y) => 1000 - y;
  /** What `barsInLogicalRange` answers; tests set it to simulate scrolling. */
  public barsBefore = 1000;

  public constructor(
    public options: Record<string, unknown>,
    public readonly paneIndex: number,
  ) {}

  public setData(bars: readonly Bar[]): void {
    for (let i = 1; i < bars.length; i += 1) {
      if (bars[i]!.time <= bars[i - 1]!.time) {
        throw new Error(`data must be asc ordered by time, index=${i}, time=${bars[i]!.time}`);
      }
    }
    this.bars = [...bars];
    this.setDataCalls += 1;
  }

  public update(bar: Bar): void {
    const last = this.bars[this.bars.length - 1];
    if (last !== undefined && bar.time < last.time) {
      throw new Error(`Cannot update oldest data, last time=${last.time}, new time=${bar.time}`);
    }
    if (last !== undefined && bar.time === last.time) this.bars[this.bars.length - 1] = bar;
    else this.bars.push(bar);
    this.updateCalls += 1;
  }

  /** Like the library, leaves whitespace bars (`{ time }` only) out. */
  public data(): readonly Bar[] {
    return this.bars.filter((bar) => Object.keys(bar).length > 1);
  }

  public applyOptions(options: Record<string, unknown>): void {
    this.options = { ...this.options, ...options };
  }

  public createPriceLine(options: Record<string, unknown>): MockPriceLine {
    const line = new MockPriceLine(options, this);
    this.lines.push(line);
    return line;
  }

  public removePriceLine(line: MockPriceLine): void {
    const index = this.lines.indexOf(line);
    if (index < 0) throw new Error('removePriceLine: not a line of this series');
    this.lines.splice(index, 1);
  }

  public priceLines(): MockPriceLine[] {
    return [...this.lines];
  }

  /** The options of every price line, in creation order. */
  public get priceLineOptions(): Record<string, unknown>[] {
    return this.lines.map((line) => line.opts);
  }

  public barsInLogicalRange(range: { from: number; to: number } | null): {
    barsBefore: number;
    barsAfter: number;
  } | null {
    return range ? { barsBefore: this.barsBefore, barsAfter: 0 } : null;
  }
}

export class MockPane {
  public height = 0;
  public constructor(public readonly index: number) {}
  public setHeight(height: number): void {
    this.height = height;
  }
  public getHeight(): number {
    return this.height;
  }
}

export class MockWatermark {
  public detached = false;
  public constructor(public options: { visible?: boolean; lines?: { text: string }[] }) {}
  public applyOptions(options: { visible?: boolean; lines?: { text: string }[] }): void {
    this.options = { ...this.options, ...options };
  }
  public detach(): void {
    this.detached = true;
  }
  /** The text shown, or undefined when hidden. */
  public get text(): string | undefined {
    return this.options.visible === false ? undefined : this.options.lines?.[0]?.text;
  }
}

export class MockChart {
  public readonly series: MockSeries[] = [];
  public readonly panesList: MockPane[] = [new MockPane(0)];
  public readonly scales = new Map<string, MockPriceScale>();
  public readonly watermarks: MockWatermark[] = [];
  public removed = false;
  public crosshairClears = 0;
  public timeScaleResets = 0;
  /** What `paneSize` answers per pane index. */
  public paneSizes = [
    { width: 600, height: 380 },
    { width: 600, height: 140 },
  ];
  private readonly _rangeHandlers = new Set<RangeHandler>();
  private readonly _crosshairHandlers = new Set<CrosshairHandler>();

  public constructor(
    public readonly container: HTMLElement,
    public options: Record<string, unknown>,
  ) {}

  public addSeries(_definition: unknown, options: Record<string, unknown> = {}, paneIndex = 0) {
    while (this.panesList.length <= paneIndex)
      this.panesList.push(new MockPane(this.panesList.length));
    const series = new MockSeries(options, paneIndex);
    this.series.push(series);
    return series;
  }

  public panes(): MockPane[] {
    return this.panesList;
  }

  public priceScale(id: string, paneIndex = 0): MockPriceScale {
    const key = `${id}:${paneIndex}`;
    let scale = this.scales.get(key);
    if (!scale) {
      scale = new MockPriceScale();
      this.scales.set(key, scale);
    }
    return scale;
  }

  public applyOptions(options: Record<string, unknown>): void {
    this.options = deepMerge(this.options, options);
  }

  public clearCrosshairPosition(): void {
    this.crosshairClears += 1;
  }

  public paneSize(index = 0): { width: number; height: number } {
    return this.paneSizes[index] ?? { width: 0, height: 0 };
  }

  public subscribeCrosshairMove(handler: CrosshairHandler): void {
    this._crosshairHandlers.add(handler);
  }

  public unsubscribeCrosshairMove(handler: CrosshairHandler): void {
    this._crosshairHandlers.delete(handler);
  }

  /** Test driver: the pointer moved over the chart (or left it, with no `point`). */
  public emitCrosshair(params: MockCrosshairParams): void {
    for (const handler of [...this._crosshairHandlers])
      handler({ ...params, seriesData: new Map() });
  }

  public timeScale() {
    return {
      subscribeVisibleLogicalRangeChange: (handler: RangeHandler) =>
        this._rangeHandlers.add(handler),
      unsubscribeVisibleLogicalRangeChange: (handler: RangeHandler) =>
        this._rangeHandlers.delete(handler),
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

  public remove(): void {
    this.removed = true;
  }

  /** Test driver: the user scrolled; the handlers see a new visible range. */
  public emitVisibleRange(range: { from: number; to: number } | null = { from: 0, to: 100 }): void {
    for (const handler of [...this._rangeHandlers]) handler(range);
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
  public list: Record<string, unknown>[] = [];
  public detached = false;
  public constructor(public readonly series: MockSeries) {}
  public setMarkers(markers: Record<string, unknown>[]): void {
    this.list = [...markers];
  }
  public markers(): readonly Record<string, unknown>[] {
    return this.list;
  }
  public detach(): void {
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
