/** A control at least 44 × 44 px on phones (WCAG 2.5.5), compact from 600 px. */
export const TOUCH_TARGET_SX = {
  minWidth: { xs: 44, sm: 0 },
  minHeight: { xs: 44, sm: 0 },
} as const;
