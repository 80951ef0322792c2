import { useId, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Popover from '@mui/material/Popover';
import { type PopperProps } from '@mui/material/Popper';
import SvgIcon from '@mui/material/SvgIcon';
import TextField from '@mui/material/TextField';
import { SYMBOLS, type SymbolId } from '@pairwatch/domain';
import { SymbolLogo } from './SymbolLogo';

/** Props of {@link SymbolPicker}. */
export interface SymbolPickerProps {
  /** The selected symbol; `null`/`undefined` shows the placeholder 'Select symbol...'. */
  readonly value: SymbolId | null | undefined;
  /** Called with the new symbol when the user picks a different one (never for the same one). */
  readonly onChange: (symbol: SymbolId) => void;
  /** The symbols offered, in display order; every supported symbol by default. */
  readonly symbols?: readonly SymbolId[];
  readonly disabled?: boolean;
  /** Where the logo files are served; see `symbolLogoUrl`. */
  readonly iconBaseUrl?: string;
  /** The `id` of the trigger button, for a `<label htmlFor>`. */
  readonly id?: string;
}

/** Spec §2 and §9: the picker's fixed width and its list's maximum height, in CSS pixels. */
const PICKER_WIDTH = 180;
const LIST_MAX_HEIGHT = 300;

const TEXT = {
  placeholder: 'Select symbol...',
  searchPlaceholder: 'Search symbol...',
  empty: 'No symbol found.',
} as const;

// The list is rendered inline in our Popover rather than in a second floating Popper, so the
// search box and the list move, scroll and close together. In the flow, not absolute (which
// Autocomplete's popper class sets with `disablePortal`): an absolute list takes no room in the
// Popover's paper, whose overflow then clips it to nothing but the search box.
function InlinePopper({ className, style, children }: PopperProps) {
  return (
    <div className={className} style={{ ...style, position: 'static', width: '100%' }}>
      {typeof children === 'function' ? null : children}
    </div>
  );
}

function ArrowDropDown() {
  return (
    <SvgIcon fontSize="small">
      <path d="M7 10l5 5 5-5z" />
    </SvgIcon>
  );
}

/**
 * A searchable symbol drop-down: a 180 px button that opens a search box over a list of symbols,
 * each with its logo. Typing filters the list; picking a different symbol calls `onChange`,
 * picking the current one (or Escape, or a click outside) only closes it.
 *
 * @example
 * ```tsx
 * <SymbolPicker value={symbol} onChange={setSymbol} />
 * ```
 */
export function SymbolPicker({
  value,
  onChange,
  symbols = SYMBOLS,
  disabled = false,
  iconBaseUrl,
  id,
}: SymbolPickerProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [search, setSearch] = useState('');
  const listId = useId();
  const open = anchor !== null;

  const close = () => {
    setAnchor(null);
    setSearch('');
  };

  return (
    <>
      <Button
        id={id}
        variant="outlined"
        color="inherit"
        disabled={disabled}
        aria-haspopup="listbox"
        aria-expanded={open}
        // Autocomplete names its listbox `${id}-listbox`.
        aria-controls={open ? `${listId}-listbox` : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        endIcon={<ArrowDropDown />}
        sx={{
          width: PICKER_WIDTH,
          justifyContent: 'space-between',
          textTransform: 'none',
          borderColor: 'divider',
        }}
      >
        {value ? (
          <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <SymbolLogo symbol={value} baseUrl={iconBaseUrl} />
            {value}
          </Box>
        ) : (
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {TEXT.placeholder}
          </Box>
        )}
      </Button>
      <Popover
        open={open}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { sx: { width: PICKER_WIDTH, mt: 0.5 } } }}
      >
        <Autocomplete<SymbolId, false, true, false>
          open
          id={listId}
          options={symbols}
          // MUI types a value that cannot be cleared as non-null; null (nothing picked yet) only
          // leaves every option unselected.
          value={value ?? (null as unknown as SymbolId)}
          inputValue={search}
          onInputChange={(_event, text, reason) => {
            if (reason === 'input') setSearch(text);
          }}
          onChange={(_event, picked) => {
            if (picked !== null && picked !== value) onChange(picked);
          }}
          onClose={(_event, reason) => {
            if (reason === 'selectOption' || reason === 'escape') close();
          }}
          noOptionsText={TEXT.empty}
          // The search box has no clear button and no popup arrow (the list is always open, and
          // clearing would not change the symbol): their 65 px of room cut the 180 px box's
          // placeholder to "Search sym".
          disableClearable
          forcePopupIcon={false}
          disablePortal
          autoHighlight
          slots={{ popper: InlinePopper }}
          slotProps={{
            paper: { elevation: 0, square: true },
            listbox: { sx: { maxHeight: LIST_MAX_HEIGHT } },
          }}
          renderOption={(props, symbol) => {
            const { key, ...rest } = props;
            return (
              <Box component="li" key={key} {...rest} sx={{ display: 'flex', gap: 1 }}>
                <SymbolLogo symbol={symbol} baseUrl={iconBaseUrl} />
                {symbol}
              </Box>
            );
          }}
          renderInput={(params) => (
            <TextField
              {...params}
              autoFocus
              size="small"
              placeholder={TEXT.searchPlaceholder}
              slotProps={{
                ...params.slotProps,
                htmlInput: { ...params.slotProps.htmlInput, 'aria-label': 'Search symbol' },
              }}
              sx={{ p: 1 }}
            />
          )}
        />
      </Popover>
    </>
  );
}
