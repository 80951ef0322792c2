import { useEffect } from 'react';
import { TOAST_VIEWPORT_HOTKEY } from './toastConstants';

/**
 * Moves keyboard focus to `viewport` when {@link TOAST_VIEWPORT_HOTKEY} is pressed anywhere in the
 * document without a modifier (Ctrl+F8, Alt+F8… belong to the browser or the system). One listener
 * per viewport element, removed when it goes away or the shell unmounts.
 */
export function useToastViewportHotkey(viewport: HTMLElement | null): void {
  useEffect(() => {
    if (viewport == null) return undefined;
    const document = viewport.ownerDocument;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.code !== TOAST_VIEWPORT_HOTKEY && event.key !== TOAST_VIEWPORT_HOTKEY) return;
      if (event.ctrlKey || event.altKey || event.metaKey || event.shiftKey) return;
      event.preventDefault();
      viewport.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [viewport]);
}
