import SvgIcon, { type SvgIconProps } from '@mui/material/SvgIcon';

/** A pencil (the Edit action). */
export function EditIcon(props: SvgIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M4 20v-4L15 5l4 4L8 20H4zm12.5-16.5 1.5-1.5 4 4-1.5 1.5-4-4z" />
    </SvgIcon>
  );
}
