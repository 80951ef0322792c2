import { type AlertPane } from './alertLinesFor';
import { type ChartTimers } from './ChartTimers';

/** The button's colours, from the app theme. */
export interface AddAlertButtonColors {
  readonly text: string;
  readonly background: string;
  readonly border: string;
}

/** Where and what the button offers. */
export interface AddAlertOffer {
  readonly pane: AlertPane;
  /** The alert target it stands for (already rounded to the symbol's tick, or RSI 2 decimals). */
  readonly value: number;
  /** The value as the axis shows it, e.g. "87,000.00". */
  readonly label: string;
  /** Centre of the button, in CSS pixels from the chart's top-left corner. */
  readonly top: number;
  /** Right edge of the button (the price axis' left edge), in CSS pixels from the left. */
  readonly right: number;
}

/** Side of the square button, in CSS pixels. */
export const ADD_ALERT_BUTTON_SIZE = 18;

/**
 * How long the button stays after the crosshair left the pane: moving onto the button itself
 * takes the pointer off the chart's canvas first, and it must still be there to be clicked.
 */
const HIDE_DELAY_MS = 200;

/** The keyboard way to the same action, shown in the button's tooltip (see docs/product.md §2). */
export const ADD_ALERT_SHORTCUT = 'Alt+A';

/**
 * TradingView's "add alert" button: a small "+" at the price axis, at the crosshair's price,
 * that offers an alert at that level. Hover-only, so it is left out of the tab order; keyboard
 * users have {@link ADD_ALERT_SHORTCUT} (an alert at the last price).
 */
export class AddAlertButton {
  private readonly button: HTMLButtonElement;
  private offer: AddAlertOffer | undefined;
  private hovered = false;
  private hideTimer: unknown;

  constructor(
    host: HTMLElement,
    colors: AddAlertButtonColors,
    private readonly timers: ChartTimers,
    private readonly onClick: (pane: AlertPane, value: number) => void,
  ) {
    const button = document.createElement('button');
    button.type = 'button';
    button.tabIndex = -1;
    button.textContent = '+';
    button.dataset.testid = 'chart-add-alert';
    Object.assign(button.style, {
      position: 'absolute',
      zIndex: '4',
      display: 'none',
      width: `${ADD_ALERT_BUTTON_SIZE}px`,
      height: `${ADD_ALERT_BUTTON_SIZE}px`,
      padding: '0',
      borderRadius: '3px',
      borderStyle: 'solid',
      borderWidth: '1px',
      font: '600 14px/1 sans-serif',
      cursor: 'pointer',
    } satisfies Partial<CSSStyleDeclaration>);
    button.addEventListener('pointerenter', this.onEnter);
    button.addEventListener('pointerleave', this.onLeave);
    button.addEventListener('click', this.onButtonClick);
    this.button = button;
    this.setColors(colors);
    host.append(button);
  }

  /** Shows the button for a crosshair position. */
  show(offer: AddAlertOffer): void {
    this.cancelHide();
    this.offer = offer;
    const button = this.button;
    const half = ADD_ALERT_BUTTON_SIZE / 2;
    button.style.top = `${Math.round(offer.top - half)}px`;
    button.style.left = `${Math.round(offer.right - ADD_ALERT_BUTTON_SIZE - 2)}px`;
    const what =
      offer.pane === 'rsi' ? `an RSI alert at ${offer.label}` : `an alert at ${offer.label}`;
    button.setAttribute('aria-label', `Add ${what}`);
    button.title = `Add ${what} (${ADD_ALERT_SHORTCUT}: at the last price)`;
    button.style.display = 'block';
  }

  /** The crosshair left the pane: hides the button unless the pointer went onto it. */
  hideSoon(): void {
    if (this.hovered || this.hideTimer !== undefined || this.offer === undefined) return;
    this.hideTimer = this.timers.setTimeout(() => {
      this.hideTimer = undefined;
      if (!this.hovered) this.hide();
    }, HIDE_DELAY_MS);
  }

  hide(): void {
    this.cancelHide();
    this.offer = undefined;
    this.button.style.display = 'none';
  }

  setColors({ text, background, border }: AddAlertButtonColors): void {
    Object.assign(this.button.style, { color: text, background, borderColor: border });
  }

  dispose(): void {
    this.cancelHide();
    this.button.remove();
  }

  private readonly onEnter = (): void => {
    this.hovered = true;
    this.cancelHide();
  };

  private readonly onLeave = (): void => {
    this.hovered = false;
    this.hideSoon();
  };

  private readonly onButtonClick = (): void => {
    const offer = this.offer;
    this.hovered = false;
    this.hide();
    if (offer) this.onClick(offer.pane, offer.value);
  };

  private cancelHide(): void {
    if (this.hideTimer !== undefined) this.timers.clearTimeout(this.hideTimer);
    this.hideTimer = undefined;
  }
}
