import { afterEach, describe, expect, it } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';
import { useTheme } from '@mui/material/styles';
import { PairwatchThemeProvider } from './PairwatchThemeProvider';

type Listener = (event: MediaQueryListEvent) => void;

/** A `matchMedia` whose `prefers-color-scheme: dark` answer the test controls. */
function stubColorScheme(dark: boolean) {
  const listeners = new Set<Listener>();
  let matches = dark;
  window.matchMedia = (query: string) =>
    ({
      get matches() {
        return query === '(prefers-color-scheme: dark)' ? matches : false;
      },
      media: query,
      onchange: null,
      addEventListener: (_type: string, listener: Listener) => listeners.add(listener),
      removeEventListener: (_type: string, listener: Listener) => listeners.delete(listener),
      addListener: (listener: Listener) => listeners.add(listener),
      removeListener: (listener: Listener) => listeners.delete(listener),
      dispatchEvent: () => true,
    }) as unknown as MediaQueryList;
  return (next: boolean) => {
    matches = next;
    listeners.forEach((listener) => listener({ matches: next } as MediaQueryListEvent));
  };
}

function Mode() {
  return <span data-testid="mode">{useTheme().palette.mode}</span>;
}

const originalMatchMedia = window.matchMedia;
afterEach(() => {
  window.matchMedia = originalMatchMedia;
});

describe('PairwatchThemeProvider', () => {
  it('follows the system colour scheme, also when it changes', () => {
    const setDark = stubColorScheme(true);
    render(
      <PairwatchThemeProvider>
        <Mode />
      </PairwatchThemeProvider>,
    );
    expect(screen.getByTestId('mode')).toHaveTextContent('dark');

    act(() => setDark(false));
    expect(screen.getByTestId('mode')).toHaveTextContent('light');
  });

  it('can force a mode', () => {
    stubColorScheme(true);
    render(
      <PairwatchThemeProvider mode="light">
        <Mode />
      </PairwatchThemeProvider>,
    );
    expect(screen.getByTestId('mode')).toHaveTextContent('light');
  });
});
