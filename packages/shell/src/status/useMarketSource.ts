import { useEffect, useRef, useState } from 'react';
import { fetchMarketSource, type MarketSource } from './fetchMarketSource';
import { KEPT_MARKET_SOURCE } from './KeptMarketSource';

/** How long to wait before asking again when the api did not answer (it may still be starting). */
export const MARKET_SOURCE_RETRY_MS = 10_000;

/**
 * The api's market source, or `undefined` while unknown. Asked on mount, again whenever the tab
 * becomes visible (a restarted api may have switched source), and every
 * {@link MARKET_SOURCE_RETRY_MS} while the api does not answer.
 *
 * @param apiUrl - the api origin.
 * @param fetchFn - `fetch`, injectable for tests.
 * @param initial - the source already known (asked for at page start), shown from the first render.
 * @param kept - without `initial`, the source the page saw last (`KeptMarketSource`): shown until
 * the api answers (offline, kept prices keep their label), and asked on mount.
 */
export function useMarketSource(
  apiUrl: string,
  fetchFn: typeof fetch = fetch,
  initial?: MarketSource,
  kept?: MarketSource,
): MarketSource | undefined {
  const [source, setSource] = useState<MarketSource | undefined>(initial ?? kept);
  // Asked already at page start: not again on mount (only when the tab comes back).
  const askedAtStart = useRef(initial !== undefined);
  useEffect(() => {
    const controller = new AbortController();
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    const ask = () => {
      clearTimeout(retryTimer);
      const answered = (next: MarketSource) => {
        KEPT_MARKET_SOURCE.keep(next);
        setSource(next);
      };
      fetchMarketSource(apiUrl, fetchFn, controller.signal).then(answered, (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('[pairwatch] market source unknown:', error);
        retryTimer = setTimeout(ask, MARKET_SOURCE_RETRY_MS);
      });
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') ask();
    };
    if (askedAtStart.current) askedAtStart.current = false;
    else ask();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      controller.abort();
      clearTimeout(retryTimer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [apiUrl, fetchFn]);
  return source;
}
