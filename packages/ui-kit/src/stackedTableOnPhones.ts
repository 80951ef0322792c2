import { type SxProps, type Theme } from '@mui/material/styles';

/** Hidden from sight, still read by screen readers. */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * `sx` for a MUI `Table` whose columns do not fit a phone: below 600 px each row becomes a block
 * of "column: value" lines, named after `headers` (in column order), and the row's last cell
 * (its action buttons, after the named columns) closes the block, aligned right. Every value and
 * action stays on screen with no sideways scroll; the header row stays for screen readers. A
 * spanning cell (an empty-state row) is left as it is.
 *
 * @example `<Table sx={stackedTableOnPhones(['Symbol', 'Side', 'PnL'])}>…</Table>`
 */
export function stackedTableOnPhones(headers: readonly string[]): SxProps<Theme> {
  return (theme) => ({
    [theme.breakpoints.down('sm')]: {
      '& thead': VISUALLY_HIDDEN,
      '& tbody, & tbody tr, & tbody td': { display: 'block', width: '100%' },
      '& tbody tr': {
        py: 1,
        borderBottom: `1px solid ${theme.palette.divider}`,
      },
      '& tbody td': { border: 0, py: 0.25, px: 2, textAlign: 'left' },
      ...Object.fromEntries(
        headers.map((header, index) => [
          `& tbody td:not([colspan]):nth-of-type(${index + 1})`,
          {
            // The name floats in a left gutter; the value flows as it does in the table cell (a
            // grid or flex box would split a cell's several nodes into separate lines), and the
            // cell grows to the taller of the two.
            display: 'flow-root',
            paddingLeft: 'calc(9.5em + 16px)',
            '&::before': {
              content: JSON.stringify(header),
              color: theme.palette.text.secondary,
              float: 'left',
              width: '9em',
              marginLeft: '-9.5em',
            },
          },
        ]),
      ),
      // The actions close the block, on a line of their own (never over a value).
      [`& tbody td:not([colspan]):nth-of-type(${headers.length + 1})`]: { textAlign: 'right' },
    },
  });
}
