import { AUTO_SCALE_LABEL } from './chartConstants';

/** The button's colours, from the app theme. */
export interface AutoScaleButtonColors {
  readonly text: string;
  readonly background: string;
  readonly border: string;
}

/** Where the price pane's axis is, in CSS pixels from the chart's top-left corner. */
export interface PriceAxisBox {
  /** The axis' left edge (the price pane's width). */
  readonly left: number;
  readonly width: number;
  /** The price pane's height: the button sits at the bottom of its axis. */
  readonly height: number;
}

/** Height of the button, in CSS pixels. */
export const AUTO_SCALE_BUTTON_HEIGHT = 18;
/** Room between the button and the axis' edges, in CSS pixels. */
const INSET = 3;

/**
 * Trading charts' "auto" toggle: shown at the bottom of the price axis while the price scale is
 * set by hand (an axis drag), it brings the scale back to automatic. A real button in the tab
 * order, named by {@link AUTO_SCALE_LABEL}, as long as it is shown.
 */
export class AutoScaleButton {
  private readonly button: HTMLButtonElement;

  constructor(
    host: HTMLElement,
    colors: AutoScaleButtonColors,
    private readonly onClick: () => void,
  ) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = 'auto';
    button.setAttribute('aria-label', AUTO_SCALE_LABEL);
    button.title = `${AUTO_SCALE_LABEL} (a double-click on the axis does the same)`;
    button.dataset.testid = 'chart-auto-scale';
    Object.assign(button.style, {
      position: 'absolute',
      zIndex: '4',
      display: 'none',
      height: `${AUTO_SCALE_BUTTON_HEIGHT}px`,
      padding: '0 4px',
      borderRadius: '3px',
      borderStyle: 'solid',
      borderWidth: '1px',
      font: '600 11px/1 sans-serif',
      cursor: 'pointer',
    } satisfies Partial<CSSStyleDeclaration>);
    button.addEventListener('click', this.onButtonClick);
    this.button = button;
    this.setColors(colors);
    host.append(button);
  }

  /** Whether the button is shown. */
  get shown(): boolean {
    return this.button.style.display !== 'none';
  }

  /** Shows the button at the bottom of the price pane's axis (or moves it there). */
  show(axis: PriceAxisBox): void {
    const style = this.button.style;
    style.left = `${Math.round(axis.left + INSET)}px`;
    style.width = `${Math.max(0, Math.round(axis.width - 2 * INSET))}px`;
    style.top = `${Math.round(axis.height - AUTO_SCALE_BUTTON_HEIGHT - INSET)}px`;
    style.display = 'block';
  }

  hide(): void {
    this.button.style.display = 'none';
  }

  setColors({ text, background, border }: AutoScaleButtonColors): void {
    Object.assign(this.button.style, { color: text, background, borderColor: border });
  }

  dispose(): void {
    this.button.remove();
  }

  private readonly onButtonClick = (): void => {
    this.onClick();
  };
}
