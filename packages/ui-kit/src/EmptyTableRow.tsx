import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';

/** Props of {@link EmptyTableRow}. */
export interface EmptyTableRowProps {
  /** How many columns the table has; the message spans them all. */
  readonly colSpan: number;
  /** The empty-state text, e.g. 'No alerts'. */
  readonly message: string;
}

/**
 * The single row a table body shows when it has nothing to list.
 *
 * @example
 * ```tsx
 * <TableBody>{alerts.length ? rows : <EmptyTableRow colSpan={6} message="No alerts" />}</TableBody>
 * ```
 */
export function EmptyTableRow({ colSpan, message }: EmptyTableRowProps) {
  return (
    <TableRow>
      <TableCell colSpan={colSpan} align="center" sx={{ color: 'text.secondary', py: 3 }}>
        {message}
      </TableCell>
    </TableRow>
  );
}
