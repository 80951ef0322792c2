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

/** A small icon button with a tooltip, for the Actions column of a positions table. */
export function RowActionButton({ title, label, icon, onClick }: RowActionButtonProps) {
  return (
    <Tooltip title={title}>
      <IconButton size="small" aria-label={label} onClick={onClick}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}
