import {
  type AddAlertRequest,
  type ChartController,
  type ChartFeed,
} from '../chart/ChartController';
import { type HandoverFeed } from '../chart/HandoverFeed';

/** What the Alerts screen does with the chart's events once it has adopted it. */
export interface FirstChartHandlers {
  readonly onLoadError: (error: unknown) => void;
  readonly onAddAlert: (request: AddAlertRequest) => void;
}

/**
 * A chart drawn before React (docs/architecture.md §7, "The first chart"), waiting for the Alerts
 * screen to take it over: its element (holding the canvases), its controller, and its feed.
 *
 * @remarks Events that come before the adoption are held: a failed first page is reported when
 * the screen (with its toaster) takes over; a "+" pressed that early does nothing, as there is no
 * New Alert form yet.
 */
export class FirstChart {
  private handlers: FirstChartHandlers | undefined;
  private heldError: { readonly error: unknown } | undefined;
  private adopted = false;

  constructor(
    /** The chart's own element: moved, canvases and all, into the screen's chart box. */
    readonly element: HTMLElement,
    readonly controller: ChartController,
    private readonly feed: HandoverFeed,
    /** Removes what was drawn around the chart before React (and tells the shell). */
    private readonly removeFirstScreen: () => void,
  ) {}

  /** Whether the Alerts screen has taken the chart over. */
  get isAdopted(): boolean {
    return this.adopted;
  }

  /** The controller's `onLoadError`. */
  readonly reportLoadError = (error: unknown): void => {
    if (this.handlers) this.handlers.onLoadError(error);
    else this.heldError = { error };
  };

  /** The controller's `onAddAlert`. */
  readonly requestAlert = (request: AddAlertRequest): void => {
    this.handlers?.onAddAlert(request);
  };

  /**
   * Moves the chart into `parent`, hands the feed over to the app's market data, and removes the
   * first screen around it: in one task, so no frame shows the chart in neither place.
   */
  adopt(parent: HTMLElement, feed: ChartFeed, handlers: FirstChartHandlers): ChartController {
    this.adopted = true;
    // The screen's chart box is the figure (with its label) from now on.
    this.element.removeAttribute('role');
    this.element.removeAttribute('aria-label');
    this.element.style.height = '100%';
    parent.append(this.element);
    this.handlers = handlers;
    this.feed.handOver(feed);
    this.removeFirstScreen();
    const held = this.heldError;
    this.heldError = undefined;
    if (held) handlers.onLoadError(held.error);
    return this.controller;
  }

  /** Tears the chart down without an adoption (the page went to another screen). */
  discard(): void {
    if (this.adopted) return;
    this.adopted = true;
    this.controller.dispose();
    this.element.remove();
    this.removeFirstScreen();
  }
}
