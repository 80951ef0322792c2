import { describe, expect, it } from '@jest/globals';
import { offlineNotice } from './offlineNotice';
import { OfflinePrices } from './OfflinePrices';
import { showOfflineNotice } from './showOfflineNotice';

describe('offlineNotice', () => {
  it("says when the prices were seen, in local HH:MM (issue #26's words)", () => {
    expect(offlineNotice(new Date(2026, 10, 27, 14, 32, 59))).toBe(
      'Offline — showing the last prices seen at 14:32',
    );
    expect(offlineNotice(new Date(2026, 10, 27, 9, 5))).toBe(
      'Offline — showing the last prices seen at 09:05',
    );
  });
});

describe('showOfflineNotice', () => {
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
});
