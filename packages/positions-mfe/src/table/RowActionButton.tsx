import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { type ReactNode } from 'react';

/** Props of {@link RowActionButton}. */
export interface RowActionButtonProps {
  /** The tooltip, e.g. 'Delete'. */
  readonly title: string;
  /** The button's accessible name, e.g. 'Delete position'. */
  readonly label: string;
  readonly icon: ReactNode;
  readonly onClick: () => void;
}

/**
 * Phones get finger-sized targets, 44 × 44 px (WCAG 2.5.5); desktops keep the compact 30 px
 * buttons of a dense table.
 */
const TOUCH_TARGET = { minWidth: { xs: 44, sm: 0 }, minHeight: { xs: 44, sm: 0 } } as const;

/**
 * A small icon button with a tooltip, for the Actions column of a positions table: 44 × 44 px on
 * phones.
 */
export function RowActionButton({ title, label, icon, onClick }: RowActionButtonProps) {
  return (
    <Tooltip title={title}>
      <IconButton size="small" aria-label={label} onClick={onClick} sx={TOUCH_TARGET}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}
