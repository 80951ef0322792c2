/**
 * The app's typeface stack: the theme's, the static frame's, and the chart's axis labels (a canvas
 * with its own font): one list, so a fresh page looks each family up once (on Linux every family
 * a page names costs the renderer a round trip to the browser's font service, ~1–7 ms each in
 * `pnpm bench:web`'s traces of a new tab).
 */
export const PAIRWATCH_FONT_FAMILY = '"Inter", "Roboto", "Helvetica", "Arial", sans-serif';
