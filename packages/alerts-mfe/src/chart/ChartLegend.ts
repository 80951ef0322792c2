import { type LegendBar } from './describeLegendBar';

/** The legend's colours, from the app theme. */
export interface LegendColors {
  /** The title and the RSI value. */
  readonly text: string;
  /** The labels (O, H, L, C, RSI 14). */
  readonly label: string;
  /** Values of a bar that closed above the previous close. */
  readonly up: string;
  /** Values of a bar that closed below it. */
  readonly down: string;
}

const FIELDS = ['open', 'high', 'low', 'close'] as const;
const LABELS: Readonly<Record<(typeof FIELDS)[number], string>> = {
  open: 'O',
  high: 'H',
  low: 'L',
  close: 'C',
};

/** Space between the legend and the pane's top-left corner, in CSS pixels. */
const INSET = 8;

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  style: Partial<CSSStyleDeclaration> = {},
  text = '',
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  Object.assign(node.style, style);
  node.textContent = text;
  return node;
}

/** Writes `text` only when it changed: a live tick touches the DOM for what moved, nothing else. */
function setText(node: HTMLElement, text: string): void {
  if (node.textContent !== text) node.textContent = text;
}

/**
 * The chart's legends as DOM text laid over the canvas (readable, selectable, read by screen
 * readers): in the price pane the symbol and interval, then O/H/L/C and the change of one bar; in
 * the RSI pane "RSI 14" and its value.
 *
 * @remarks Updated imperatively by the chart controller (at most once per crosshair move or
 * animation frame), never through React state, so live ticks re-render nothing. Not a live region:
 * announcing every tick would drown a screen reader; the text is there to be read on demand.
 */
export class ChartLegend {
  private readonly _price: HTMLDivElement;
  private readonly _title: HTMLSpanElement;
  private readonly _bar: HTMLSpanElement;
  private readonly _values: Record<(typeof FIELDS)[number], HTMLSpanElement>;
  private readonly _change: HTMLSpanElement;
  private readonly _rsi: HTMLDivElement;
  private readonly _rsiValue: HTMLSpanElement;
  private readonly _labels: HTMLElement[] = [];
  private _colors: LegendColors;
  private _trend: LegendBar['trend'] = 'flat';

  public constructor(host: HTMLElement, colors: LegendColors, rsiLabel: string) {
    this._colors = colors;
    const box: Partial<CSSStyleDeclaration> = {
      position: 'absolute',
      left: `${INSET}px`,
      zIndex: '3',
      fontSize: '12px',
      lineHeight: '16px',
      fontVariantNumeric: 'tabular-nums',
      display: 'flex',
      flexWrap: 'wrap',
      columnGap: '8px',
      userSelect: 'text',
      // Narrower than the pane, so a long line wraps before it reaches the price axis.
      maxWidth: 'calc(100% - 96px)',
    };
    this._price = element('div', { ...box, top: `${INSET / 2}px` });
    this._price.dataset.testid = 'chart-legend';
    this._title = element('span', { fontWeight: '600' });
    this._bar = element('span', { display: 'inline-flex', flexWrap: 'wrap', columnGap: '8px' });
    const values = {} as Record<(typeof FIELDS)[number], HTMLSpanElement>;
    for (const field of FIELDS) {
      const pair = element('span');
      const label = element('span', {}, `${LABELS[field]} `);
      this._labels.push(label);
      values[field] = element('span');
      values[field].dataset.field = field;
      pair.append(label, values[field]);
      this._bar.append(pair);
    }
    this._values = values;
    this._change = element('span');
    this._change.dataset.field = 'change';
    this._bar.append(this._change);
    this._price.append(this._title, this._bar);

    this._rsi = element('div', { ...box, top: '0px' });
    this._rsi.dataset.testid = 'chart-rsi-legend';
    const rsiLabelNode = element('span', {}, `${rsiLabel} `);
    this._labels.push(rsiLabelNode);
    this._rsiValue = element('span');
    this._rsiValue.dataset.field = 'rsi';
    this._rsi.append(rsiLabelNode, this._rsiValue);
    host.append(this._price, this._rsi);
    this._applyColors();
  }

  /** The first words: symbol and interval, e.g. "BTCUSDT · 1m". */
  public setTitle(title: string): void {
    setText(this._title, title);
  }

  /** One bar's values, or none (nothing loaded yet). */
  public setBar(bar: LegendBar | undefined): void {
    this._bar.style.display = bar ? 'inline-flex' : 'none';
    if (!bar) return;
    for (const field of FIELDS) setText(this._values[field], bar[field]);
    setText(this._change, `${bar.change} ${bar.changePercent}`);
    if (bar.trend !== this._trend) {
      this._trend = bar.trend;
      this._applyColors();
    }
  }

  /** The RSI value to show ("71.23"), or none (warm-up bars, nothing loaded). */
  public setRsi(value: string | undefined): void {
    this._rsi.style.display = value === undefined ? 'none' : 'flex';
    setText(this._rsiValue, value ?? '');
  }

  /** Where the RSI pane starts, in CSS pixels from the chart's top. */
  public setRsiTop(top: number): void {
    const px = `${Math.round(top + INSET / 2)}px`;
    if (this._rsi.style.top !== px) this._rsi.style.top = px;
  }

  public setColors(colors: LegendColors): void {
    this._colors = colors;
    this._applyColors();
  }

  public dispose(): void {
    this._price.remove();
    this._rsi.remove();
  }

  private _applyColors(): void {
    const { text, label: labelColor, up, down } = this._colors;
    const valueColor = this._trend === 'up' ? up : this._trend === 'down' ? down : text;
    this._title.style.color = text;
    for (const label of this._labels) label.style.color = labelColor;
    for (const field of FIELDS) this._values[field].style.color = valueColor;
    this._change.style.color = valueColor;
    this._rsiValue.style.color = text;
  }
}
