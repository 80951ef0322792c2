import SvgIcon, { type SvgIconProps } from '@mui/material/SvgIcon';

/** A bin (the Delete action). */
export function DeleteIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M9 3h6v2h5v2H4V5h5V3zM6 8h12l-1 13H7L6 8z" />
    </SvgIcon>
  );
}
