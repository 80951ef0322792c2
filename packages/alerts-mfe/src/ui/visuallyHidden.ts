/**
 * Styles that hide text visually but keep it for screen readers (accessible names).
 *
 * @remarks MUI has the same object in `@mui/utils`, but that is only a dependency of
 * `@mui/material`, which does not re-export it, and pnpm does not let this package import it.
 */
export const visuallyHidden = {
  position: 'absolute',
  // Strings: MUI's sx reads the numbers 0 < n ≤ 1 as percentages.
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
