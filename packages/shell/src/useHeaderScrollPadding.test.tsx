import { afterEach, describe, expect, it } from '@jest/globals';
import { render } from '@testing-library/react';
import { useRef } from 'react';
import { useHeaderScrollPadding } from './useHeaderScrollPadding';

/** A ResizeObserver whose callback the test calls, as the browser would on a resize. */
class ManualResizeObserver {
  static last: ManualResizeObserver | undefined;
  observed: Element[] = [];
  constructor(readonly callback: () => void) {
    ManualResizeObserver.last = this;
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.observed = [];
  }
}

function Page({ height }: { readonly height: { value: number } }) {
  const header = useRef<HTMLElement>(null);
  useHeaderScrollPadding(header);
  return (
    <header
      ref={(element) => {
        header.current = element;
        if (element) element.getBoundingClientRect = () => ({ height: height.value }) as DOMRect;
      }}
    />
  );
}

describe('useHeaderScrollPadding', () => {
  const original = globalThis.ResizeObserver;
  afterEach(() => {
    globalThis.ResizeObserver = original;
  });

  it('pads the page’s scrolling by the header’s height, follows it as it wraps, and lets go on unmount', () => {
    globalThis.ResizeObserver = ManualResizeObserver as unknown as typeof ResizeObserver;
    const height = { value: 64.4 };
    const { unmount } = render(<Page height={height} />);
    const root = document.documentElement;
    expect(root.style.scrollPaddingTop).toBe('65px');
    expect(ManualResizeObserver.last?.observed).toHaveLength(1);

    // A phone's width: the header wraps onto two rows.
    height.value = 97;
    ManualResizeObserver.last?.callback();
    expect(root.style.scrollPaddingTop).toBe('97px');

    unmount();
    expect(root.style.scrollPaddingTop).toBe('');
    expect(ManualResizeObserver.last?.observed).toHaveLength(0);
  });
});
