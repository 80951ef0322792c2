import { describe, expect, it } from '@jest/globals';
import { placeAttributionLogo } from './placeAttributionLogo';

/** What lightweight-charts puts in the container: the logo in the last pane's cell, and its rule. */
function libraryChart(container: HTMLElement): HTMLAnchorElement {
  container.innerHTML =
    '<div class="tv-lightweight-charts"><table><tr><td style="position: relative">' +
    '<style>a#tv-attr-logo{position:absolute;left:10px;bottom:10px;height:19px;width:35px}</style>' +
    '<a id="tv-attr-logo" href="https://www.tradingview.com/"></a></td></tr></table></div>';
  return container.querySelector('a')!;
}

describe('placeAttributionLogo', () => {
  it('moves the logo out of the pane, into the corner under the price axis', () => {
    const container = document.createElement('div');
    document.body.append(container);
    const logo = libraryChart(container);
    expect(getComputedStyle(logo)).toMatchObject({ left: '10px', bottom: '10px' });

    const remove = placeAttributionLogo(container);
    // Right of the pane's right edge and below its bottom edge: the axes' corner, not the RSI pane.
    expect(getComputedStyle(logo)).toMatchObject({
      left: 'calc(100% + 6px)',
      top: 'calc(100% + 5px)',
      bottom: 'auto',
      right: 'auto',
    });
    // The logo stays a link, shown (only moved).
    expect(getComputedStyle(logo).display).not.toBe('none');

    remove();
    expect(getComputedStyle(logo)).toMatchObject({ left: '10px', bottom: '10px' });
    container.remove();
  });
});
