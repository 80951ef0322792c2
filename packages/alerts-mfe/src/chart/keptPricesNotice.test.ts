import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { PAIRWATCH_FONT_FAMILY } from '@pairwatch/ui-kit/colors';
import { keptPricesNotice } from './keptPricesNotice';
import { OfflinePrices } from './OfflinePrices';
import { showOfflineNotice } from './showOfflineNotice';

describe('keptPricesNotice', () => {
  it("says when the prices were seen, in local HH:MM (issue #26's words offline)", () => {
    expect(keptPricesNotice(new Date(2026, 10, 27, 14, 32, 59), 'offline')).toBe(
      'Offline — showing the last prices seen at 14:32',
    );
    expect(keptPricesNotice(new Date(2026, 10, 27, 9, 5), 'offline')).toBe(
      'Offline — showing the last prices seen at 09:05',
    );
    expect(keptPricesNotice(new Date(2026, 10, 27, 9, 5), 'updating')).toBe(
      'Updating — showing the last prices seen at 09:05',
    );
  });
});

describe('showOfflineNotice', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('shows the notice over the chart only while kept prices are drawn', () => {
    const parent = document.createElement('div');
    const offline = new OfflinePrices();
    const remove = showOfflineNotice(parent, offline);
    const notice = parent.querySelector('[role="status"]') as HTMLElement;
    expect(notice.hidden).toBe(true);

    offline.set(new Date(2026, 10, 27, 14, 32).getTime());
    expect(notice.hidden).toBe(false);
    expect(notice).toHaveTextContent('Offline — showing the last prices seen at 14:32');

    offline.set(undefined); // live again
    expect(notice.hidden).toBe(true);
    remove();
    expect(parent.childElementCount).toBe(0);
  });

  it("writes in the app's typeface, on a pill edged to stand out on a dark chart", () => {
    const parent = document.createElement('div');
    const remove = showOfflineNotice(parent, new OfflinePrices());
    const notice = parent.querySelector('[role="status"]') as HTMLElement;
    expect(notice.style.fontFamily).toBe(PAIRWATCH_FONT_FAMILY);
    expect(notice.style.border).toBe('1px solid rgba(255, 255, 255, 0.28)');
    remove();
  });

  it('labels a preview only once the latest page has kept it waiting, and never after the page came', () => {
    jest.useFakeTimers();
    const parent = document.createElement('div');
    const offline = new OfflinePrices();
    const remove = showOfflineNotice(parent, offline, 600);
    const notice = parent.querySelector('[role="status"]') as HTMLElement;

    // A page that comes in time: nothing flashes.
    offline.setUpdating(new Date(2026, 10, 27, 14, 32).getTime());
    jest.advanceTimersByTime(599);
    expect(notice.hidden).toBe(true);
    offline.set(undefined);
    jest.advanceTimersByTime(1000);
    expect(notice.hidden).toBe(true);

    // One that does not: the notice says what is drawn.
    offline.setUpdating(new Date(2026, 10, 27, 14, 32).getTime());
    jest.advanceTimersByTime(600);
    expect(notice.hidden).toBe(false);
    expect(notice).toHaveTextContent('Updating — showing the last prices seen at 14:32');

    // The page fails for want of a network: the offline notice at once.
    offline.set(new Date(2026, 10, 27, 14, 32).getTime());
    expect(notice).toHaveTextContent('Offline — showing the last prices seen at 14:32');
    remove();
    jest.advanceTimersByTime(1000);
    expect(parent.childElementCount).toBe(0);
  });
});
