import { type KeyboardEvent, type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import { type SymbolId } from '@pairwatch/domain';
import { SymbolLogo } from './SymbolLogo';
import { SECTION_TITLES, type SymbolPickerRow, type SymbolSection } from './symbolPickerRows';

/** The height of every row (titles too: one height keeps the windowing arithmetic trivial). */
export const ROW_HEIGHT = 36;

/** Rows rendered beyond each edge of the visible window, so a fast scroll shows no gap. */
const OVERSCAN = 6;

/** The quote asset most pairs have: a row shows only the base asset then ("BTC", "ETH /BTC"). */
const USUAL_QUOTE = 'USDT';

/** Props of {@link SymbolListbox}. */
export interface SymbolListboxProps {
  /** The listbox's id (the combobox's `aria-controls`); option ids derive from it. */
  readonly id: string;
  readonly rows: readonly SymbolPickerRow[];
  /** The index in `rows` of the active option (`aria-activedescendant`). */
  readonly activeIndex: number;
  /** Bumped whenever the keyboard moves the active option: scrolls it into view. */
  readonly revealRequest: number;
  /** The list's maximum height in CSS pixels. */
  readonly maxHeight: number;
  readonly value: SymbolId | null | undefined;
  readonly favourites: ReadonlySet<SymbolId>;
  readonly iconBaseUrl: string | undefined;
  readonly onActivate: (index: number) => void;
  readonly onPick: (symbol: SymbolId) => void;
  readonly onToggleFavourite: (symbol: SymbolId) => void;
  /** Keys pressed on a star button (the arrows move the active row from there too). */
  readonly onStarKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
}

/** The DOM id of a row's option. */
export function optionId(listId: string, row: SymbolPickerRow): string {
  return `${listId}-${row.key.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

function StarIcon({ filled }: { readonly filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden focusable="false">
      <path
        d="M12 17.27 18.18 21l-1.64-7.03L22 9.24l-7.19-.61L12 2 9.19 8.63 2 9.24l5.46 4.73L5.82 21z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The picker's virtualised list: only the rows in view (plus {@link OVERSCAN} each side, plus the
 * active row) are in the DOM, each absolutely placed in a box as tall as all rows. A `listbox` of
 * `option`s (grouped per section) for assistive technology; the star buttons sit beside it, not in
 * it, because an option may hold no interactive content.
 */
export function SymbolListbox({
  id,
  rows,
  activeIndex,
  revealRequest,
  maxHeight,
  value,
  favourites,
  iconBaseUrl,
  onActivate,
  onPick,
  onToggleFavourite,
  onStarKeyDown,
}: SymbolListboxProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const total = rows.length * ROW_HEIGHT;
  const viewport = Math.min(maxHeight, total);

  // A new list (another search) starts at its top.
  useLayoutEffect(() => {
    if (scroller.current) scroller.current.scrollTop = 0;
    setScrollTop(0);
  }, [rows]);

  useLayoutEffect(() => {
    const box = scroller.current;
    if (!box || revealRequest === 0) return;
    // The title above a section's first option comes into view with it.
    const top =
      (rows[activeIndex - 1]?.kind === 'header' ? activeIndex - 1 : activeIndex) * ROW_HEIGHT;
    const bottom = (activeIndex + 1) * ROW_HEIGHT;
    if (top < box.scrollTop) box.scrollTop = top;
    else if (bottom > box.scrollTop + viewport) box.scrollTop = bottom - viewport;
    setScrollTop(box.scrollTop);
    // Only on a keyboard move: a change of rows alone scrolls to the top (above).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [revealRequest]);

  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(rows.length - 1, Math.ceil((scrollTop + viewport) / ROW_HEIGHT) + OVERSCAN);
  const shown: number[] = [];
  for (let i = first; i <= last; i += 1) shown.push(i);
  // aria-activedescendant must name an element that exists, wherever the list is scrolled.
  if (
    activeIndex >= 0 &&
    activeIndex < rows.length &&
    (activeIndex < first || activeIndex > last)
  ) {
    shown.push(activeIndex);
    shown.sort((a, b) => a - b);
  }

  const options: ReactNode[] = [];
  const stars: ReactNode[] = [];
  // Consecutive rows of one section share a `group` (titled by its section).
  const groups: { section: SymbolSection; children: ReactNode[] }[] = [];
  for (const index of shown) {
    const row = rows[index]!;
    const top = index * ROW_HEIGHT;
    let element: ReactNode;
    if (row.kind === 'header') {
      element = (
        <div key={row.key} className="pw-symbol-header" style={{ top }} aria-hidden>
          {row.section === 'results' ? '' : SECTION_TITLES[row.section]}
        </div>
      );
    } else {
      const { symbol, baseAsset, quoteAsset } = row.info;
      const active = index === activeIndex;
      const starred = favourites.has(symbol);
      element = (
        <div
          key={row.key}
          id={optionId(id, row)}
          role="option"
          aria-selected={symbol === value}
          aria-label={symbol}
          aria-posinset={row.position}
          aria-setsize={row.sectionSize}
          className={`pw-symbol-option${active ? ' pw-active' : ''}`}
          style={{ top }}
          // Keeps the focus (and so the keyboard) in the search box.
          onMouseDown={(event) => event.preventDefault()}
          onMouseMove={() => {
            if (!active) onActivate(index);
          }}
          onClick={() => onPick(symbol)}
        >
          <SymbolLogo symbol={symbol} baseAsset={baseAsset} baseUrl={iconBaseUrl} />
          <span className="pw-symbol-text">
            {quoteAsset === '' ? symbol : baseAsset}
            {quoteAsset !== USUAL_QUOTE && quoteAsset !== '' && (
              <span className="pw-symbol-quote">/{quoteAsset}</span>
            )}
          </span>
        </div>
      );
      stars.push(
        <button
          key={row.key}
          type="button"
          className={`pw-symbol-star${starred ? ' pw-starred' : ''}`}
          style={{ top: top + (ROW_HEIGHT - 28) / 2 }}
          aria-label={`${starred ? 'Remove' : 'Add'} ${symbol} ${starred ? 'from' : 'to'} favourites`}
          // Only the active row's star is in the tab order: Tab from the search box reaches it.
          tabIndex={active ? 0 : -1}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onToggleFavourite(symbol)}
          onKeyDown={onStarKeyDown}
        >
          <StarIcon filled={starred} />
        </button>,
      );
    }
    const group = groups[groups.length - 1];
    if (group?.section === row.section) group.children.push(element);
    else groups.push({ section: row.section, children: [element] });
  }
  for (const group of groups) {
    if (group.section === 'results') options.push(...group.children);
    else {
      options.push(
        <div key={group.section} role="group" aria-label={SECTION_TITLES[group.section]}>
          {group.children}
        </div>,
      );
    }
  }

  return (
    <Box
      ref={scroller}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
      sx={{
        position: 'relative',
        height: viewport,
        maxHeight,
        overflowY: 'auto',
        overscrollBehavior: 'contain',
        '& .pw-symbol-header, & .pw-symbol-option': {
          position: 'absolute',
          left: 0,
          right: 0,
          height: ROW_HEIGHT,
          display: 'flex',
          alignItems: 'center',
          boxSizing: 'border-box',
        },
        '& .pw-symbol-header': {
          px: 1.5,
          color: 'text.secondary',
          typography: 'caption',
          fontWeight: 600,
        },
        '& .pw-symbol-option': {
          gap: 1,
          pl: 1.5,
          // Room for the star, which lies over the row's right end.
          pr: 5,
          cursor: 'pointer',
          typography: 'body2',
          whiteSpace: 'nowrap',
        },
        '& .pw-symbol-option[aria-selected="true"]': { bgcolor: 'action.selected' },
        '& .pw-symbol-option.pw-active': { bgcolor: 'action.hover' },
        '& .pw-symbol-option.pw-active[aria-selected="true"]': { bgcolor: 'action.focus' },
        '& .pw-symbol-text': { overflow: 'hidden', textOverflow: 'ellipsis' },
        '& .pw-symbol-quote': { color: 'text.secondary', ml: 0.25 },
        '& .pw-symbol-star': {
          position: 'absolute',
          right: 4,
          width: 28,
          height: 28,
          p: 0,
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          border: 0,
          borderRadius: '50%',
          bgcolor: 'transparent',
          color: 'text.secondary',
          cursor: 'pointer',
          zIndex: 1,
        },
        '& .pw-symbol-star.pw-starred': { color: 'warning.main' },
        '& .pw-symbol-star:hover': { bgcolor: 'action.hover' },
        '& .pw-symbol-star:focus-visible': {
          outline: '2px solid',
          outlineColor: 'primary.main',
          outlineOffset: -2,
        },
      }}
    >
      <Box sx={{ position: 'relative', height: total }}>
        <div id={id} role="listbox" aria-label="Symbols" style={{ position: 'absolute', inset: 0 }}>
          {options}
        </div>
        {stars}
      </Box>
    </Box>
  );
}
