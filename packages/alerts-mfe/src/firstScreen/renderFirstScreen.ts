import {
  INTERVALS,
  INTERVAL_INFO,
  type Interval,
  type SymbolId,
  assetIconFile,
  guessSymbolInfo,
} from '@pairwatch/domain';
import { FIRST_SCREEN_ALERTS, type FirstScreenAlertsColors } from '@pairwatch/ui-kit/colors';
import { ALERTS_MESSAGES } from '../alertsMessages';
import { CHART_HEIGHT } from '../chart/chartConstants';
import { CARD_PLACEHOLDERS } from './cardPlaceholders';
import { type PushState } from '../push/PushSubscriptionService';

/** What {@link renderFirstScreen} drew. */
export interface FirstScreen {
  /** The chart's element (empty: the chart draws into it). */
  readonly chart: HTMLElement;
  /** Removes everything it drew but the chart's element, wherever that is now. */
  readonly remove: () => void;
}

/** What the first screen shows around the chart. */
export interface FirstScreenView {
  readonly symbol: SymbolId;
  readonly interval: Interval;
  /** The push state the page starts with: it decides the banner above the card. */
  readonly push: PushState;
  /** Alerts can go elsewhere than push (a webhook, Telegram): no "alerts need push" banner. */
  readonly otherChannel: boolean;
}

const STYLE_ID = 'pairwatch-alerts-first-screen';

const { light, dark, spacing, borderRadius, banner: text, button, toggle } = FIRST_SCREEN_ALERTS;

function modeRules(colors: FirstScreenAlertsColors): string {
  return `.pwa{color:${colors.text}}
.pwa-card,.pwa-placeholder{background:${colors.paper};border-color:${colors.divider}}
.pwa-control{border-color:${colors.divider};color:${colors.text}}
.pwa-toggle span{color:${colors.toggle}}
.pwa-toggle .pwa-on{color:${colors.toggleSelected};background:${colors.toggleSelectedBackground}}
.pwa-banner-info{color:${colors.info.text};border-color:${colors.info.border}}
.pwa-banner-info svg{color:${colors.info.icon}}
.pwa-banner-warning{color:${colors.warning.text};border-color:${colors.warning.border}}
.pwa-banner-warning svg{color:${colors.warning.icon}}
.pwa-link{color:${colors.link}}`;
}

/**
 * The sizes are those of the React screen's MUI components (AlertsScreen: Stack spacing 2 with
 * py 2, the outlined Banner, the Card with p 2, the pickers' row with mb 2; ui-kit's SymbolPicker
 * and IntervalPicker), and so is one of their habits: the banner's link is a button, which does
 * not break across lines. The pickers' row is spaced by a gap (the screen's Stack uses
 * `useFlexGap`), so a picker wrapped onto a row of its own starts at the card's padding. What the
 * theme decides (colours, fonts, spacing, radius, breakpoints) comes from FIRST_SCREEN_ALERTS,
 * generated from createPairwatchTheme; the rest is MUI's own component CSS. The browser suite
 * checks that the chart does not move when React takes it.
 */
const { newAlert, yourAlerts, sideBySideFrom, phoneBelow } = CARD_PLACEHOLDERS;

const LAYOUT = `.pwa{display:flex;flex-direction:column;gap:${spacing}px;padding:${spacing}px 0;font-family:${FIRST_SCREEN_ALERTS.fontFamily}}
.pwa-banner{display:flex;align-items:center;padding:6px 16px;border:1px solid;border-radius:${borderRadius}px;font-size:${text.fontSize};line-height:${text.lineHeight};letter-spacing:${text.letterSpacing}}
.pwa-banner svg{flex:none;width:22px;height:22px;padding:7px 0;margin-right:12px;fill:currentColor}
.pwa-banner-text{padding:8px 0;min-width:0}
.pwa-link{display:inline-block;text-decoration:underline}
.pwa-card{border:1px solid;border-radius:${borderRadius}px;padding:${spacing}px}
.pwa-pickers{display:flex;flex-wrap:wrap;align-items:center;column-gap:${spacing}px;row-gap:${spacing / 2}px;margin-bottom:${spacing}px}
.pwa-control{box-sizing:border-box;border:1px solid;font-weight:${button.fontWeight}}
.pwa-symbol{display:flex;align-items:center;gap:${spacing / 2}px;width:180px;height:${button.height}px;padding:5px 15px;border-radius:${borderRadius}px;font-size:${button.fontSize};line-height:${button.lineHeight}}
.pwa-symbol img,.pwa-symbol>span{width:20px;height:20px;flex-shrink:0}
.pwa-symbol::after{content:'';margin-left:auto;margin-right:1px;border:5px solid transparent;border-bottom:0;border-top-color:currentColor}
.pwa-toggle{display:flex}
.pwa-toggle span{box-sizing:border-box;padding:7px ${toggle.paddingX}px;border:1px solid;font-size:${toggle.fontSize};line-height:${button.lineHeight}}
.pwa-toggle span+span{margin-left:-1px}
.pwa-toggle span:first-child{border-radius:${borderRadius}px 0 0 ${borderRadius}px}
.pwa-toggle span:last-child{border-radius:0 ${borderRadius}px ${borderRadius}px 0}
.pwa-cards{display:grid;gap:${spacing}px;align-items:start}
.pwa-placeholder{box-sizing:border-box;border:1px solid;border-radius:${borderRadius}px}
.pwa-new-alert{height:${newAlert}px}
.pwa-your-alerts{height:${yourAlerts.phone}px}
@media (min-width:${phoneBelow}px){.pwa-your-alerts{height:${yourAlerts.wider}px}}
@media (min-width:${sideBySideFrom}px){.pwa-cards{grid-template-columns:minmax(280px,1fr) 2fr}}`;

function installStyle(doc: Document): void {
  if (doc.getElementById(STYLE_ID)) return;
  const style = doc.createElement('style');
  style.id = STYLE_ID;
  style.textContent = `${LAYOUT}
${modeRules(light)}
@media (prefers-color-scheme: dark){${modeRules(dark)}}`;
  doc.head.append(style);
}

/** Material's outlined info and warning icons (24-unit view box). */
const ICON_PATHS = {
  info: 'M11 7h2v2h-2zm0 4h2v6h-2zm1-9C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m0 18c-4.41 0-8-3.59-8-8s3.59-8 8-8 8 3.59 8 8-3.59 8-8 8',
  warning: 'M12 5.99 19.53 19H4.47zM12 2 1 21h22zm1 14h-2v2h2zm0-6h-2v4h2z',
} as const;

function element<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const created = doc.createElement(tag);
  created.className = className;
  if (text !== undefined) created.textContent = text;
  return created;
}

/** The banner the React screen will show for this push state (PushBanner), or none. */
function banner(doc: Document, push: PushState): HTMLElement | undefined {
  if (push.status === 'active' || push.problem?.kind === 'registering') return undefined;
  const warning =
    push.status === 'unloaded' ||
    push.problem?.kind === 'denied' ||
    push.problem?.kind === 'unavailable';
  const box = element(doc, 'div', `pwa-banner pwa-banner-${warning ? 'warning' : 'info'}`);
  const icon = doc.createElementNS('http://www.w3.org/2000/svg', 'svg');
  icon.setAttribute('viewBox', '0 0 24 24');
  icon.setAttribute('aria-hidden', 'true');
  const path = doc.createElementNS('http://www.w3.org/2000/svg', 'path');
  path.setAttribute('d', ICON_PATHS[warning ? 'warning' : 'info']);
  icon.append(path);
  const text = element(doc, 'div', 'pwa-banner-text');
  if (push.status === 'unloaded') text.textContent = ALERTS_MESSAGES.pushUnsupported;
  else if (push.problem?.kind === 'unavailable') text.textContent = ALERTS_MESSAGES.pushUnavailable;
  else if (warning) text.textContent = ALERTS_MESSAGES.pushDenied;
  else {
    text.append(
      ALERTS_MESSAGES.pushInactiveBefore,
      element(doc, 'span', 'pwa-link', ALERTS_MESSAGES.pushInactiveLink),
      ALERTS_MESSAGES.pushInactiveAfter,
    );
  }
  box.append(icon, text);
  return box;
}

/**
 * Draws the top of the Alerts screen into `slot` before React: the push banner the screen will
 * show, the card with still pickers (the symbol and interval it opens with), the chart's element
 * at its final size, and below it the space of New Alert and Your alerts (empty placeholders,
 * hidden from assistive technology; cardPlaceholders.ts). Plain DOM, in the React screen's geometry, so the chart stays where
 * it is when the screen adopts it (docs/architecture.md §7, "The first chart").
 */
export function renderFirstScreen(slot: HTMLElement, view: FirstScreenView): FirstScreen {
  const doc = slot.ownerDocument;
  installStyle(doc);
  const root = element(doc, 'div', 'pwa');
  const top = view.otherChannel ? undefined : banner(doc, view.push);
  if (top) root.append(top);
  const card = element(doc, 'div', 'pwa-card');
  const pickers = element(doc, 'div', 'pwa-pickers');
  const symbol = element(doc, 'span', 'pwa-control pwa-symbol');
  // The logo when one is bundled; else an empty box of its size (ui-kit's monogram follows).
  const iconFile = assetIconFile(guessSymbolInfo(view.symbol).baseAsset);
  const logo = doc.createElement(iconFile === undefined ? 'span' : 'img');
  if (logo instanceof HTMLImageElement && iconFile !== undefined) {
    logo.alt = '';
    logo.src = `/icons/${iconFile}`;
  }
  symbol.append(logo, view.symbol);
  const toggle = element(doc, 'span', 'pwa-toggle');
  for (const interval of INTERVALS) {
    const button = element(doc, 'span', 'pwa-control', INTERVAL_INFO[interval].label);
    if (interval === view.interval) button.classList.add('pwa-on');
    toggle.append(button);
  }
  pickers.append(symbol, toggle);
  const chart = doc.createElement('div');
  chart.setAttribute('role', 'figure');
  chart.setAttribute('aria-label', `${view.symbol} candlestick chart with RSI`);
  chart.style.cssText = `height:${CHART_HEIGHT}px;width:100%;position:relative`;
  card.append(pickers, chart);
  // New Alert and Your alerts come with the React screen: their space is kept from now on.
  const cards = element(doc, 'div', 'pwa-cards');
  for (const name of ['new-alert', 'your-alerts']) {
    const placeholder = element(doc, 'div', `pwa-placeholder pwa-${name}`);
    placeholder.setAttribute('aria-hidden', 'true');
    placeholder.dataset['placeholder'] = name;
    cards.append(placeholder);
  }
  root.append(card, cards);
  slot.append(root);
  return { chart, remove: () => root.remove() };
}
