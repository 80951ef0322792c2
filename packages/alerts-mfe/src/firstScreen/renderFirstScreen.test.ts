import { describe, expect, it } from '@jest/globals';
import { assetIconFile } from '@pairwatch/domain';
import { FIRST_SCREEN_ALERTS } from '@pairwatch/ui-kit/colors';
import { ALERTS_MESSAGES } from '../alertsMessages';
import { CHART_HEIGHT } from '../chart/chartConstants';
import { type PushState } from '../push/PushSubscriptionService';
import { CARD_PLACEHOLDERS } from './cardPlaceholders';
import { renderFirstScreen } from './renderFirstScreen';

/** The colours a piece of CSS (or JSON) writes: hex, rgb() and rgba(). */
function colours(text: string): string[] {
  return text.match(/#[\da-f]{3,8}\b|rgba?\([^)]*\)/gi) ?? [];
}

function draw(push: PushState, otherChannel = false) {
  const slot = document.createElement('div');
  document.body.append(slot);
  return {
    slot,
    screen: renderFirstScreen(slot, {
      symbol: 'DOGEUSDT',
      interval: 'OneHour',
      push,
      otherChannel,
    }),
  };
}

describe('renderFirstScreen', () => {
  it('shows the banner the screen will show: enable push, with its link text', () => {
    const { slot } = draw({ status: 'inactive', subscriptionId: undefined });
    expect(slot.querySelector('.pwa-banner')).toHaveTextContent(
      `${ALERTS_MESSAGES.pushInactiveBefore}${ALERTS_MESSAGES.pushInactiveLink}${ALERTS_MESSAGES.pushInactiveAfter}`,
    );
    expect(slot.querySelector('.pwa-link')).toHaveTextContent(ALERTS_MESSAGES.pushInactiveLink);
  });

  it('shows the blocked and unsupported banners, and none when push is active', () => {
    expect(
      draw({ status: 'inactive', subscriptionId: undefined, problem: { kind: 'denied' } }).slot,
    ).toHaveTextContent(ALERTS_MESSAGES.pushDenied);
    expect(draw({ status: 'unloaded', subscriptionId: undefined }).slot).toHaveTextContent(
      ALERTS_MESSAGES.pushUnsupported,
    );
    expect(
      draw({ status: 'active', subscriptionId: 'sub-1' }).slot.querySelector('.pwa-banner'),
    ).toBeNull();
  });

  it('shows no push banner when alerts last went elsewhere too (a webhook, Telegram)', () => {
    const denied = { status: 'inactive', subscriptionId: undefined, problem: { kind: 'denied' } };
    expect(draw(denied as PushState, true).slot.querySelector('.pwa-banner')).toBeNull();
  });

  it('shows the symbol with its logo and the interval selected, and gives the chart its height', () => {
    const { slot, screen } = draw({ status: 'active', subscriptionId: 'sub-1' });
    expect(slot.querySelector('.pwa-symbol')).toHaveTextContent('DOGEUSDT');
    expect(slot.querySelector('.pwa-symbol img')).toHaveAttribute(
      'src',
      `/icons/${assetIconFile('DOGE')!}`,
    );
    expect(slot.querySelector('.pwa-on')).toHaveTextContent('1h');
    expect(screen.chart.style.height).toBe(`${CHART_HEIGHT}px`);
    expect(screen.chart).toHaveAttribute('aria-label', 'DOGEUSDT candlestick chart with RSI');
  });

  it('keeps the space of New Alert and Your alerts below the card, hidden from assistive technology', () => {
    const { slot } = draw({ status: 'active', subscriptionId: 'sub-1' });
    const placeholders = [...slot.querySelectorAll<HTMLElement>('.pwa-cards > *')];
    expect(placeholders.map((placeholder) => placeholder.dataset['placeholder'])).toEqual([
      'new-alert',
      'your-alerts',
    ]);
    for (const placeholder of placeholders) {
      expect(placeholder).toHaveAttribute('aria-hidden', 'true');
      expect(placeholder).toBeEmptyDOMElement();
    }
    expect(document.getElementById('pairwatch-alerts-first-screen')?.textContent).toContain(
      `.pwa-new-alert{height:${CARD_PLACEHOLDERS.newAlert}px}`,
    );
  });

  it("draws in the theme's colours only, light and dark (FIRST_SCREEN_ALERTS, from createPairwatchTheme)", () => {
    draw({ status: 'inactive', subscriptionId: undefined });
    const css = document.getElementById('pairwatch-alerts-first-screen')?.textContent ?? '';
    const theme = new Set(colours(JSON.stringify(FIRST_SCREEN_ALERTS)));
    expect(colours(css).filter((colour) => !theme.has(colour))).toEqual([]);
    for (const mode of [FIRST_SCREEN_ALERTS.light, FIRST_SCREEN_ALERTS.dark]) {
      expect(css).toContain(
        `.pwa-banner-info{color:${mode.info.text};border-color:${mode.info.border}}`,
      );
    }
    expect(css).toContain(`height:${FIRST_SCREEN_ALERTS.button.height}px`);
  });

  it('removes everything but the chart, which may have moved elsewhere', () => {
    const { slot, screen } = draw({ status: 'inactive', subscriptionId: undefined });
    const elsewhere = document.createElement('div');
    elsewhere.append(screen.chart);
    screen.remove();
    expect(slot).toBeEmptyDOMElement();
    expect(elsewhere.firstChild).toBe(screen.chart);
  });
});
