import {
  type IPrimitivePaneRenderer,
  type IPrimitivePaneView,
  type ISeriesApi,
  type ISeriesPrimitive,
  type PrimitivePaneViewZOrder,
  type SeriesAttachedParameter,
  type SeriesType,
  type Time,
} from 'lightweight-charts';

/** A channel as the chart shades it: the band between its two bounds. */
export interface AlertBand {
  readonly lower: number;
  readonly upper: number;
  /** A light fill (the lines themselves carry the strong colour). */
  readonly color: string;
}

/** The canvas target lightweight-charts hands a renderer (fancy-canvas, not a direct dependency). */
type RenderTarget = Parameters<IPrimitivePaneRenderer['draw']>[0];

/** A band in the pane's CSS pixels, as the last layout placed it. */
interface PlacedBand {
  readonly top: number;
  readonly bottom: number;
  readonly color: string;
}

/**
 * Shades the alert channels of one series' pane: a full-width band between each channel's bounds,
 * under the candles. A series primitive rather than a second series: it needs no data of its own,
 * follows the pane's price scale on every scroll and zoom, and takes no part in auto-scale (the
 * bounds' price lines already do, when near).
 */
export class AlertBandPrimitive implements ISeriesPrimitive<Time> {
  private bands: readonly AlertBand[] = [];
  private placed: readonly PlacedBand[] = [];
  private series: ISeriesApi<SeriesType, Time> | undefined;
  private requestUpdate: (() => void) | undefined;
  // One array for the primitive's life: lightweight-charts caches views by reference.
  private readonly views: readonly IPrimitivePaneView[] = [
    {
      zOrder: (): PrimitivePaneViewZOrder => 'bottom',
      renderer: () => (this.placed.length === 0 ? null : { draw: (target) => this.draw(target) }),
    },
  ];

  attached({ series, requestUpdate }: SeriesAttachedParameter<Time>): void {
    this.series = series;
    this.requestUpdate = requestUpdate;
  }

  detached(): void {
    this.series = undefined;
    this.requestUpdate = undefined;
  }

  /** The channels to shade (replaces the previous ones). */
  setBands(bands: readonly AlertBand[]): void {
    this.bands = bands;
    this.updateAllViews();
    this.requestUpdate?.();
  }

  /** The channels shaded now. */
  shownBands(): readonly AlertBand[] {
    return this.bands;
  }

  updateAllViews(): void {
    const series = this.series;
    if (!series) {
      this.placed = [];
      return;
    }
    const placed: PlacedBand[] = [];
    for (const { lower, upper, color } of this.bands) {
      const a = series.priceToCoordinate(upper);
      const b = series.priceToCoordinate(lower);
      // Off the scale before the first layout: drawn once the pane knows its prices.
      if (a === null || b === null) continue;
      placed.push({ top: Math.min(a, b), bottom: Math.max(a, b), color });
    }
    this.placed = placed;
  }

  paneViews(): readonly IPrimitivePaneView[] {
    return this.views;
  }

  private draw(target: RenderTarget): void {
    target.useBitmapCoordinateSpace(({ context, bitmapSize, verticalPixelRatio }) => {
      for (const band of this.placed) {
        const top = Math.round(band.top * verticalPixelRatio);
        const bottom = Math.round(band.bottom * verticalPixelRatio);
        context.fillStyle = band.color;
        // At least a pixel: a channel squeezed by the zoom still shows where it is.
        context.fillRect(0, top, bitmapSize.width, Math.max(1, bottom - top));
      }
    });
  }
}
