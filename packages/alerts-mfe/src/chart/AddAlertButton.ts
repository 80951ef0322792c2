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
  private readonly _button: HTMLButtonElement;
  private _offer: AddAlertOffer | undefined;
  private _hovered = false;
  private _hideTimer: unknown;

  public constructor(
    host: HTMLElement,
    colors: AddAlertButtonColors,
    private readonly _timers: ChartTimers,
    private readonly _onClick: (pane: AlertPane, value: number) => void,
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
    button.addEventListener('pointerenter', this._onEnter);
    button.addEventListener('pointerleave', this._onLeave);
    button.addEventListener('click', this._onButtonClick);
    this._button = button;
    this.setColors(colors);
    host.append(button);
  }

  /** Shows the button for a crosshair position. */
  public show(offer: AddAlertOffer): void {
    this._cancelHide();
    this._offer = offer;
    const button = this._button;
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
  public hideSoon(): void {
    if (this._hovered || this._hideTimer !== undefined || this._offer === undefined) return;
    this._hideTimer = this._timers.setTimeout(() => {
      this._hideTimer = undefined;
      if (!this._hovered) this.hide();
    }, HIDE_DELAY_MS);
  }

  public hide(): void {
    this._cancelHide();
    this._offer = undefined;
    this._button.style.display = 'none';
  }

  public setColors({ text, background, border }: AddAlertButtonColors): void {
    Object.assign(this._button.style, { color: text, background, borderColor: border });
  }

  public dispose(): void {
    this._cancelHide();
    this._button.remove();
  }

  private readonly _onEnter = (): void => {
    this._hovered = true;
    this._cancelHide();
  };

  private readonly _onLeave = (): void => {
    this._hovered = false;
    this.hideSoon();
  };

  private readonly _onButtonClick = (): void => {
    const offer = this._offer;
    this._hovered = false;
    this.hide();
    if (offer) this._onClick(offer.pane, offer.value);
  };

  private _cancelHide(): void {
    if (this._hideTimer !== undefined) this._timers.clearTimeout(this._hideTimer);
    this._hideTimer = undefined;
  }
}
