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
  private readonly price: HTMLDivElement;
  private readonly title: HTMLSpanElement;
  private readonly bar: HTMLSpanElement;
  private readonly values: Record<(typeof FIELDS)[number], HTMLSpanElement>;
  private readonly change: HTMLSpanElement;
  private readonly rsi: HTMLDivElement;
  private readonly rsiValue: HTMLSpanElement;
  private readonly labels: HTMLElement[] = [];
  private colors: LegendColors;
  private trend: LegendBar['trend'] = 'flat';

  constructor(host: HTMLElement, colors: LegendColors, rsiLabel: string) {
    this.colors = colors;
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
    this.price = element('div', { ...box, top: `${INSET / 2}px` });
    this.price.dataset.testid = 'chart-legend';
    this.title = element('span', { fontWeight: '600' });
    this.bar = element('span', { display: 'inline-flex', flexWrap: 'wrap', columnGap: '8px' });
    const values = {} as Record<(typeof FIELDS)[number], HTMLSpanElement>;
    for (const field of FIELDS) {
      const pair = element('span');
      const label = element('span', {}, `${LABELS[field]} `);
      this.labels.push(label);
      values[field] = element('span');
      values[field].dataset.field = field;
      pair.append(label, values[field]);
      this.bar.append(pair);
    }
    this.values = values;
    this.change = element('span');
    this.change.dataset.field = 'change';
    this.bar.append(this.change);
    this.price.append(this.title, this.bar);

    this.rsi = element('div', { ...box, top: '0px' });
    this.rsi.dataset.testid = 'chart-rsi-legend';
    const rsiLabelNode = element('span', {}, `${rsiLabel} `);
    this.labels.push(rsiLabelNode);
    this.rsiValue = element('span');
    this.rsiValue.dataset.field = 'rsi';
    this.rsi.append(rsiLabelNode, this.rsiValue);
    host.append(this.price, this.rsi);
    this.applyColors();
  }

  /** The first words: symbol and interval, e.g. "BTCUSDT · 1m". */
  setTitle(title: string): void {
    setText(this.title, title);
  }

  /** One bar's values, or none (nothing loaded yet). */
  setBar(bar: LegendBar | undefined): void {
    this.bar.style.display = bar ? 'inline-flex' : 'none';
    if (!bar) return;
    for (const field of FIELDS) setText(this.values[field], bar[field]);
    setText(this.change, `${bar.change} ${bar.changePercent}`);
    if (bar.trend !== this.trend) {
      this.trend = bar.trend;
      this.applyColors();
    }
  }

  /** The RSI value to show ("71.23"), or none (warm-up bars, nothing loaded). */
  setRsi(value: string | undefined): void {
    this.rsi.style.display = value === undefined ? 'none' : 'flex';
    setText(this.rsiValue, value ?? '');
  }

  /** Where the RSI pane starts, in CSS pixels from the chart's top. */
  setRsiTop(top: number): void {
    const px = `${Math.round(top + INSET / 2)}px`;
    if (this.rsi.style.top !== px) this.rsi.style.top = px;
  }

  setColors(colors: LegendColors): void {
    this.colors = colors;
    this.applyColors();
  }

  dispose(): void {
    this.price.remove();
    this.rsi.remove();
  }

  private applyColors(): void {
    const { text, label: labelColor, up, down } = this.colors;
    const valueColor = this.trend === 'up' ? up : this.trend === 'down' ? down : text;
    this.title.style.color = text;
    for (const label of this.labels) label.style.color = labelColor;
    for (const field of FIELDS) this.values[field].style.color = valueColor;
    this.change.style.color = valueColor;
    this.rsiValue.style.color = text;
  }
}
