import { useEffect } from 'react';
import { FIRST_SCREEN_FRAME } from './FirstScreenFrame';

/**
 * Removes the page's first screen once the route's own screen (or its error) is on the page.
 * Rendered after the screen, so its effect runs after the screen's own: the Alerts chart has
 * adopted the first chart by then (docs/architecture.md §7, "The first chart").
 */
export function ReleaseFirstScreen() {
  useEffect(() => FIRST_SCREEN_FRAME.release(), []);
  return null;
}
