/** One entry of the screen dropdown. */
export interface ScreenOption {
  /** The route, e.g. `/alerts`. */
  readonly path: string;
  readonly label: string;
  /** Listed but not selectable (Portfolio: the product has no such screen yet). */
  readonly disabled: boolean;
}

/** The dropdown's entries, in order (product-product §2). */
export const SCREEN_OPTIONS: readonly ScreenOption[] = [
  { path: '/alerts', label: 'Alerts', disabled: false },
  { path: '/positions', label: 'Positions', disabled: false },
  { path: '/portfolio', label: 'Portfolio', disabled: true },
];

/** Where an unknown path (and the disabled Portfolio) redirects, replacing the history entry. */
export const DEFAULT_SCREEN_PATH = '/alerts';
