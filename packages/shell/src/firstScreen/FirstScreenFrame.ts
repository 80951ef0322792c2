import { type MarketSource } from '../status/fetchMarketSource';

/** The ids of the first screen's elements in public/index.html. */
const IDS = {
  frame: 'first-screen',
  slot: 'first-screen-slot',
  select: 'first-screen-select',
  chip: 'first-screen-chip',
} as const;

/**
 * The first screen of public/index.html: a static copy of the shell's frame (ShellLayout), shown
 * from the first paint over the React root, with a slot where the Alerts remote draws the first
 * chart (docs/architecture.md §7, "The first chart"). It is removed once the React screen is
 * there: when the chart is adopted, or when the route's screen (or its error) has rendered.
 */
export class FirstScreenFrame {
  constructor(private readonly doc: Document = document) {}

  /** Where a remote may draw the screen's first content; `null` once released. */
  slot(): HTMLElement | null {
    return this.doc.getElementById(IDS.slot);
  }

  /** Writes the current screen's name into the frame's copy of the Screen dropdown. */
  showScreenTitle(title: string): void {
    const select = this.doc.getElementById(IDS.select);
    if (select) select.textContent = title;
  }

  /**
   * Shows the "Simulated market" chip when the prices are simulated: the first chart is drawn
   * before the React frame, and simulated prices are never shown unlabelled.
   */
  showMarketSource(source: MarketSource | undefined): void {
    const chip = this.doc.getElementById(IDS.chip);
    if (chip) chip.hidden = source !== 'simulator';
  }

  /** Removes the first screen (again: nothing happens). */
  release(): void {
    this.doc.getElementById(IDS.frame)?.remove();
  }
}

/** The page's one first screen. */
export const FIRST_SCREEN_FRAME = new FirstScreenFrame();
