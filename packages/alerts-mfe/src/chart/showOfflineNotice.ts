import { PAIRWATCH_FONT_FAMILY } from '@pairwatch/ui-kit/colors';
import { keptPricesNotice } from './keptPricesNotice';
import { type OfflinePrices } from './OfflinePrices';

/**
 * How long kept candles drawn while the latest page loads (a repeat visit) stay unlabelled: the
 * page usually replaces them within a few hundred milliseconds, and a notice flashing for that
 * long says nothing anyone can read. Past it, the notice says what the chart shows.
 */
export const UPDATING_NOTICE_DELAY_MS = 600;

/**
 * Shows the kept-prices notice over the chart in `parent` (its box, `position: relative`) whenever
 * it draws kept candles, as a `status` live region: at once without a network, after
 * {@link UPDATING_NOTICE_DELAY_MS} while a repeat visit's latest page is on its way. Plain DOM, like
 * the chart's legend: the first chart shows it before React, and it moves with the chart's element
 * when the screen adopts it.
 *
 * @returns the teardown.
 */
export function showOfflineNotice(
  parent: HTMLElement,
  offline: OfflinePrices,
  updatingDelayMs: number = UPDATING_NOTICE_DELAY_MS,
): () => void {
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
    // The pill is dark in both modes (white text on it, ~15:1); on a dark chart this edge is what
    // sets it apart from the candles behind it.
    border: '1px solid rgba(255, 255, 255, 0.28)',
    color: '#fff',
    // The app's typeface: the page has looked its families up already.
    fontFamily: PAIRWATCH_FONT_FAMILY,
    fontWeight: '500',
    fontSize: '13px',
    lineHeight: '20px',
    whiteSpace: 'nowrap',
    pointerEvents: 'none',
  });
  let updatingTimer: ReturnType<typeof setTimeout> | undefined;
  const show = (text: string | undefined) => {
    notice.textContent = text ?? '';
    notice.hidden = text === undefined;
  };
  const render = () => {
    clearTimeout(updatingTimer);
    updatingTimer = undefined;
    const { seenAt, updatingSeenAt } = offline;
    show(seenAt === undefined ? undefined : keptPricesNotice(new Date(seenAt), 'offline'));
    if (seenAt === undefined && updatingSeenAt !== undefined) {
      updatingTimer = setTimeout(
        () => show(keptPricesNotice(new Date(updatingSeenAt), 'updating')),
        updatingDelayMs,
      );
    }
  };
  render();
  parent.append(notice);
  const unsubscribe = offline.subscribe(render);
  return () => {
    unsubscribe();
    clearTimeout(updatingTimer);
    notice.remove();
  };
}
