/** Styles that hide text visually but keep it for screen readers (accessible names). */
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
