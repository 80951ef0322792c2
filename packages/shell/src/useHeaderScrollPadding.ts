import { type RefObject, useLayoutEffect } from 'react';

/**
 * Keeps the page's `scroll-padding-top` equal to the height of the sticky header in `header`, for
 * as long as the calling component is mounted. Scrolling a control into view (tabbing to it, a
 * browser's find, `scrollIntoView`) then stops below the header instead of under it: on a phone
 * the header takes two rows, and a field scrolled to the top edge was hidden behind it (WCAG 2.2,
 * 2.4.11 Focus Not Obscured). The header wraps as the window narrows, so its height is watched.
 */
export function useHeaderScrollPadding(header: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = header.current;
    if (!element) return undefined;
    const root = document.documentElement;
    const apply = () => {
      root.style.scrollPaddingTop = `${Math.ceil(element.getBoundingClientRect().height)}px`;
    };
    apply();
    if (typeof ResizeObserver === 'undefined')
      return () => root.style.removeProperty('scroll-padding-top');
    const observer = new ResizeObserver(apply);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('scroll-padding-top');
    };
  }, [header]);
}
