import { offlineNotice } from './offlineNotice';
import { type OfflinePrices } from './OfflinePrices';

/**
 * Shows the offline notice over the chart in `parent` (its box, `position: relative`) whenever it
 * draws kept candles, as a `status` live region. Plain DOM, like the chart's legend: the first
 * chart shows it before React, and it moves with the chart's element when the screen adopts it.
 *
 * @returns the teardown.
 */
export function showOfflineNotice(parent: HTMLElement, offline: OfflinePrices): () => void {
  const notice = document.createElement('div');
  notice.setAttribute('role', 'status');
  notice.dataset.testid = 'offline-notice';
  Object.assign(notice.style, {
    position: 'absolute',
    // Below the legend, which takes two lines on a phone.
    top: '52px',
    left: '50%',
    transform: 'translateX(-50%)',
    zIndex: '3',
    padding: '4px 12px',
    borderRadius: '16px',
    background: 'rgba(33, 33, 33, 0.88)',
    color: '#fff',
    font: '500 13px/20px Roboto, Helvetica, Arial, sans-serif',
    whiteSpace: 'nowrap',
    pointerEvents: 'none',
  });
  const render = () => {
    const seenAt = offline.seenAt;
    notice.textContent = seenAt === undefined ? '' : offlineNotice(new Date(seenAt));
    notice.hidden = seenAt === undefined;
  };
  render();
  parent.append(notice);
  const unsubscribe = offline.subscribe(render);
  return () => {
    unsubscribe();
    notice.remove();
  };
}
