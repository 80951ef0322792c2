import { type KeyboardEvent, useId, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Popover from '@mui/material/Popover';
import SvgIcon from '@mui/material/SvgIcon';
import TextField from '@mui/material/TextField';
import { type SymbolId, type SymbolInfo } from '@pairwatch/domain';
import { optionId, ROW_HEIGHT, SymbolListbox } from './SymbolListbox';
import { SymbolLogo } from './SymbolLogo';
import { indexSymbols, symbolPickerRows } from './symbolPickerRows';
import { useSymbolMemory } from './useSymbolMemory';

/** Props of {@link SymbolPicker}. */
export interface SymbolPickerProps {
  /** The selected symbol; `null`/`undefined` shows the placeholder 'Select symbol...'. */
  readonly value: SymbolId | null | undefined;
  /** Called with the new symbol when the user picks a different one (never for the same one). */
  readonly onChange: (symbol: SymbolId) => void;
  /**
   * The pairs offered (`GET /symbols`), in any order: the ten defaults are shown first. `undefined`
   * while the catalogue is loading: the list then says so.
   */
  readonly symbols: readonly SymbolInfo[] | undefined;
  /**
   * The prefix of the `localStorage` keys of the Favourites and Recent lists
   * (`<storageKey>:favourites`, `<storageKey>:recent`); pickers with the same key share them.
   */
  readonly storageKey?: string;
  readonly disabled?: boolean;
  /** Where the logo files are served; see `symbolLogoUrl`. */
  readonly iconBaseUrl?: string;
  /** The `id` of the trigger button, for a `<label htmlFor>`. */
  readonly id?: string;
}

/** Spec §2 and §9: the picker's fixed width and its list's maximum height, in CSS pixels. */
const PICKER_WIDTH = 180;
const LIST_MAX_HEIGHT = 300;

/** The option rows PageUp / PageDown move by: one list height. */
const PAGE_ROWS = Math.floor(LIST_MAX_HEIGHT / ROW_HEIGHT);

const TEXT = {
  placeholder: 'Select symbol...',
  searchPlaceholder: 'Search symbol...',
  empty: 'No symbol found.',
  loading: 'Loading symbols...',
} as const;

/** The default prefix of the Favourites and Recent keys in `localStorage`. */
const DEFAULT_STORAGE_KEY = 'pairwatch-symbols';

function ArrowDropDown() {
  return (
    <SvgIcon fontSize="small">
      <path d="M7 10l5 5 5-5z" />
    </SvgIcon>
  );
}

/**
 * A searchable symbol drop-down for the whole exchange (~1,500 pairs): a 180 px button that opens
 * a search box over a virtualised list, each pair with its logo (or monogram) and, when it is not
 * USDT, its quote asset. With an empty search the list shows Favourites (starred with each row's
 * star), Recent (the last 8 picked) and then every pair, the ten defaults first; typing searches
 * symbol, base, quote and full name. Arrows, PageUp/PageDown, Home/End and Enter work in the
 * search box; Tab reaches the active row's star; Escape closes. Picking a different symbol calls
 * `onChange`; picking the current one (or Escape, or a click outside) only closes it.
 *
 * @example
 * ```tsx
 * <SymbolPicker value={symbol} onChange={setSymbol} symbols={catalogue} />
 * ```
 */
export function SymbolPicker({
  value,
  onChange,
  symbols,
  storageKey = DEFAULT_STORAGE_KEY,
  disabled = false,
  iconBaseUrl,
  id,
}: SymbolPickerProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [search, setSearch] = useState('');
  const [activeKey, setActiveKey] = useState<string | undefined>(undefined);
  const [revealRequest, setRevealRequest] = useState(0);
  // Favourites and Recent as they were when the list opened: a star toggled meanwhile changes the
  // star at once but moves no row, so the row under the pointer or the focus stays put.
  const [sections, setSections] = useState<{
    readonly favourites: readonly SymbolId[];
    readonly recent: readonly SymbolId[];
  }>({ favourites: [], recent: [] });
  const memory = useSymbolMemory(storageKey);
  const input = useRef<HTMLInputElement>(null);
  const listId = `${useId()}-listbox`;
  const open = anchor !== null;
  // The list stays as it was while the popover fades out; it is built again at the next opening.
  const [closing, setClosing] = useState(false);

  const index = useMemo(() => (symbols ? indexSymbols(symbols) : undefined), [symbols]);
  const rows = useMemo(
    () =>
      (open || closing) && index
        ? symbolPickerRows(index, search, sections.favourites, sections.recent)
        : undefined,
    [open, closing, index, search, sections],
  );
  const favourites = useMemo(() => new Set(memory.favourites), [memory.favourites]);
  const optionIndices = useMemo(
    () => (rows ?? []).flatMap((row, i) => (row.kind === 'option' ? [i] : [])),
    [rows],
  );
  const keyed = rows?.findIndex((row) => row.key === activeKey) ?? -1;
  // The first option is active until the user moves (MUI's autoHighlight): Enter picks the best match.
  const activeIndex = keyed >= 0 ? keyed : (optionIndices[0] ?? -1);
  const activeRow = rows?.[activeIndex];
  const hasOptions = optionIndices.length > 0;

  const close = () => {
    setAnchor(null);
    setClosing(true);
  };

  const pick = (symbol: SymbolId) => {
    memory.remember(symbol);
    close();
    if (symbol !== value) onChange(symbol);
  };

  const moveTo = (rowIndex: number | undefined) => {
    const row = rowIndex === undefined ? undefined : rows?.[rowIndex];
    if (!row) return;
    setActiveKey(row.key);
    setRevealRequest((n) => n + 1);
  };

  /** The keys of the search box (and of a star, which hands them back to it). */
  const navigate = (event: KeyboardEvent<HTMLElement>): boolean => {
    if (!hasOptions) return false;
    const at = Math.max(0, optionIndices.indexOf(activeIndex));
    const last = optionIndices.length - 1;
    const target = {
      ArrowDown: Math.min(last, at + 1),
      ArrowUp: Math.max(0, at - 1),
      PageDown: Math.min(last, at + PAGE_ROWS),
      PageUp: Math.max(0, at - PAGE_ROWS),
      Home: 0,
      End: last,
    }[event.key];
    if (target === undefined) return false;
    event.preventDefault();
    moveTo(optionIndices[target]);
    return true;
  };

  const onSearchKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (navigate(event)) return;
    if (event.key === 'Enter' && activeRow?.kind === 'option') {
      event.preventDefault();
      pick(activeRow.info.symbol);
    }
  };

  const onStarKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (navigate(event)) input.current?.focus();
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
        aria-controls={open && hasOptions ? listId : undefined}
        onClick={(event) => {
          setSections(memory.reload());
          setSearch('');
          setActiveKey(undefined);
          setAnchor(event.currentTarget);
        }}
        endIcon={<ArrowDropDown />}
        sx={{
          width: PICKER_WIDTH,
          justifyContent: 'space-between',
          textTransform: 'none',
          borderColor: 'divider',
        }}
      >
        {value ? (
          <Box
            component="span"
            sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0, overflow: 'hidden' }}
          >
            <SymbolLogo
              symbol={value}
              baseAsset={symbols?.find((info) => info.symbol === value)?.baseAsset}
              baseUrl={iconBaseUrl}
            />
            <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
              {value}
            </Box>
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
        slotProps={{
          paper: { sx: { width: PICKER_WIDTH, mt: 0.5 } },
          transition: { onExited: () => setClosing(false) },
        }}
      >
        <TextField
          autoFocus
          size="small"
          placeholder={TEXT.searchPlaceholder}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setActiveKey(undefined);
          }}
          inputRef={input}
          slotProps={{
            htmlInput: {
              role: 'combobox',
              'aria-label': 'Search symbol',
              'aria-autocomplete': 'list',
              'aria-expanded': hasOptions,
              'aria-controls': hasOptions ? listId : undefined,
              'aria-activedescendant':
                activeRow?.kind === 'option' ? optionId(listId, activeRow) : undefined,
              autoComplete: 'off',
              spellCheck: false,
              onKeyDown: onSearchKeyDown,
            },
          }}
          sx={{ p: 1 }}
        />
        {rows && hasOptions ? (
          <SymbolListbox
            id={listId}
            rows={rows}
            activeIndex={activeIndex}
            revealRequest={revealRequest}
            maxHeight={LIST_MAX_HEIGHT}
            value={value}
            favourites={favourites}
            iconBaseUrl={iconBaseUrl}
            onActivate={(i) => setActiveKey(rows[i]?.key)}
            onPick={pick}
            onToggleFavourite={memory.toggleFavourite}
            onStarKeyDown={onStarKeyDown}
          />
        ) : (
          <Box
            role="status"
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              px: 2,
              py: 1.5,
              color: 'text.secondary',
              typography: 'body2',
            }}
          >
            {rows ? (
              TEXT.empty
            ) : (
              <>
                <CircularProgress size={16} aria-hidden />
                {TEXT.loading}
              </>
            )}
          </Box>
        )}
      </Popover>
    </>
  );
}
