import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useLocation, useNavigate } from 'react-router-dom';
import { SCREEN_OPTIONS } from './SCREEN_OPTIONS';

/** The dropdown at the top that switches between the screens; Portfolio is listed but disabled. */
export function ScreenSelect() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const current = SCREEN_OPTIONS.find((option) => !option.disabled && option.path === pathname);
  return (
    <TextField
      select
      size="small"
      label="Screen"
      value={current?.path ?? ''}
      onChange={(event) => {
        // navigate() settles when a lazy route has loaded; nothing waits for it here.
        void navigate(event.target.value);
      }}
      sx={{ minWidth: 160 }}
    >
      {SCREEN_OPTIONS.map((option) => (
        <MenuItem key={option.path} value={option.path} disabled={option.disabled}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
