// The symbol picker alone on a page, over a catalogue the size of Binance's (~1,500 pairs), for
// e2e/bench/symbolPicker.bench.ts: it measures the time from a click on the picker to the first
// frame painted with the list's rows. Built by buildSymbolPickerPage.cjs (the catalogue comes in
// as __CATALOGUE__).
import { createElement, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { type SymbolId, type SymbolInfo } from '@pairwatch/domain';
import { PairwatchThemeProvider, SymbolPicker } from '../src/index';

declare const __CATALOGUE__: SymbolInfo[];

/** The measure the page records for each opening, and says on the console. */
const OPENED = 'picker:open';

function Page() {
  const [symbol, setSymbol] = useState<SymbolId>('BTCUSDT');
  return createElement(
    PairwatchThemeProvider,
    null,
    createElement(
      'main',
      { style: { padding: 24 } },
      createElement('h1', { style: { fontSize: 18 } }, 'Symbol picker bench'),
      createElement(SymbolPicker, {
        value: symbol,
        onChange: setSymbol,
        symbols: __CATALOGUE__,
        id: 'picker',
      }),
    ),
  );
}

/**
 * Click → rows painted: from the click event's time stamp (the input, before any of our code)
 * until the first options exist and a frame with them has been produced (the task after the
 * animation frame that follows them runs once that frame is painted).
 */
document.addEventListener(
  'click',
  (event) => {
    if (!(event.target instanceof Element) || !event.target.closest('#picker')) return;
    const start = event.timeStamp;
    const painted = () => {
      requestAnimationFrame(() => {
        setTimeout(() => {
          const { duration } = performance.measure(OPENED, { start, end: performance.now() });
          console.debug(`bench: ${OPENED} ${duration.toFixed(1)}`);
        }, 0);
      });
    };
    if (document.querySelector('[role="option"]')) return painted();
    const observer = new MutationObserver(() => {
      if (!document.querySelector('[role="option"]')) return;
      observer.disconnect();
      painted();
    });
    observer.observe(document.body, { childList: true, subtree: true });
  },
  { capture: true },
);

createRoot(document.getElementById('root')!).render(createElement(Page));
