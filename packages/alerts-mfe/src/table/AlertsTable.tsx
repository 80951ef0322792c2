import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import SvgIcon from '@mui/material/SvgIcon';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  type Alert,
  type Interval,
  type SymbolId,
  type SymbolInfo,
  INTERVAL_INFO,
} from '@pairwatch/domain';
import { EmptyTableRow, stackedTableOnPhones, SymbolLogo } from '@pairwatch/ui-kit';
import { ALERTS_MESSAGES } from '../alertsMessages';
import { visuallyHidden } from '../ui/visuallyHidden';
import { formatAlertValue } from './formatAlertValue';
import { sortAlerts } from './sortAlerts';

/** Props of {@link AlertsTable}. */
export interface AlertsTableProps {
  readonly alerts: readonly Alert[];
  /** The chart's symbol, for 'Hide other symbols alerts'. */
  readonly selectedSymbol: SymbolId;
  /**
   * The selected symbol's info from the api, when loaded: its alerts' prices use that format (as
   * the chart does); other symbols use the catalogue's.
   */
  readonly symbolInfo?: SymbolInfo;
  /** A ticker was clicked: show that symbol (and interval) on the chart. */
  readonly onSelect: (symbol: SymbolId, interval: Interval) => void;
  readonly onDelete: (alert: Alert) => void;
  /** Ids whose delete is pending (their button is disabled). */
  readonly deleting?: ReadonlySet<string>;
}

const COLUMNS = ['Ticker', 'Type', 'Value On Creation', 'Value Target', 'Status'] as const;

/** Below 600 px each alert is a block of "column: value" lines (see `stackedTableOnPhones`). */
const STACKED_ON_PHONES = stackedTableOnPhones(COLUMNS);

const DELETE_ICON = 'M6 19c0 1.1.9 2 2 2h8c1.1 0 2-.9 2-2V7H6zM19 4h-3.5l-1-1h-5l-1 1H5v2h14z';

/** The Type cell, worded like the form's type select; RSI alerts name their interval. */
function alertTypeLabel(alert: Alert): string {
  if (alert.type !== 'Rsi') return ALERTS_MESSAGES.priceAlertOption;
  return alert.interval
    ? `${ALERTS_MESSAGES.rsiAlertOption} (${INTERVAL_INFO[alert.interval].label})`
    : ALERTS_MESSAGES.rsiAlertOption;
}

function Muted({ children }: { readonly children: string }) {
  return (
    <Typography component="div" variant="caption" color="text.secondary">
      {children}
    </Typography>
  );
}

/**
 * 'Your alerts': newest first, optionally only the chart's symbol, each with its trigger time and
 * value once triggered. A ticker click selects its symbol (and the RSI alert's interval, else
 * 1m); the delete button removes the alert.
 */
export function AlertsTable({
  alerts,
  selectedSymbol,
  symbolInfo,
  onSelect,
  onDelete,
  deleting,
}: AlertsTableProps) {
  const [onlySelected, setOnlySelected] = useState(false);
  const rows = useMemo(
    () => sortAlerts(onlySelected ? alerts.filter((a) => a.symbol === selectedSymbol) : alerts),
    [alerts, onlySelected, selectedSymbol],
  );
  return (
    <Card variant="outlined" component="section" aria-labelledby="your-alerts-title">
      <CardHeader
        title={ALERTS_MESSAGES.yourAlerts}
        slotProps={{ title: { id: 'your-alerts-title', variant: 'h6', component: 'h2' } }}
        action={
          <FormControlLabel
            control={
              <Checkbox
                size="small"
                checked={onlySelected}
                onChange={(event) => setOnlySelected(event.target.checked)}
              />
            }
            label={ALERTS_MESSAGES.hideOtherSymbols}
          />
        }
      />
      <CardContent sx={{ pt: 0 }}>
        <TableContainer>
          <Table size="small" aria-labelledby="your-alerts-title" sx={STACKED_ON_PHONES}>
            <TableHead>
              <TableRow>
                {COLUMNS.map((column) => (
                  <TableCell key={column}>{column}</TableCell>
                ))}
                <TableCell>
                  <Box component="span" sx={visuallyHidden}>
                    Delete
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.length === 0 ? (
                <EmptyTableRow colSpan={COLUMNS.length + 1} message={ALERTS_MESSAGES.noAlerts} />
              ) : (
                rows.map((alert) => (
                  <AlertRow
                    key={alert.id}
                    alert={alert}
                    symbolInfo={symbolInfo}
                    onSelect={onSelect}
                    onDelete={onDelete}
                    deleting={deleting?.has(alert.id) ?? false}
                  />
                ))
              )}
            </TableBody>
          </Table>
        </TableContainer>
      </CardContent>
    </Card>
  );
}

interface AlertRowProps {
  readonly alert: Alert;
  readonly symbolInfo: SymbolInfo | undefined;
  readonly onSelect: AlertsTableProps['onSelect'];
  readonly onDelete: AlertsTableProps['onDelete'];
  readonly deleting: boolean;
}

function AlertRow({ alert, symbolInfo, onSelect, onDelete, deleting }: AlertRowProps) {
  const isRsi = alert.type === 'Rsi';
  const typeLabel = alertTypeLabel(alert);
  return (
    <TableRow data-testid={`alert-row-${alert.id}`} data-status={alert.status}>
      <TableCell>
        <Link
          component="button"
          type="button"
          onClick={() =>
            onSelect(alert.symbol, isRsi && alert.interval ? alert.interval : 'OneMinute')
          }
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}
        >
          {/* The ticker text names the button; the logo is decoration here. */}
          <Box component="span" aria-hidden sx={{ display: 'inline-flex' }}>
            <SymbolLogo symbol={alert.symbol} size={18} />
          </Box>
          {alert.symbol}
        </Link>
      </TableCell>
      <TableCell>{typeLabel}</TableCell>
      <TableCell>
        {formatAlertValue(alert, alert.valueOnCreation, symbolInfo)}
        <Muted>{new Date(alert.createdAt).toLocaleString()}</Muted>
      </TableCell>
      <TableCell>{formatAlertValue(alert, alert.valueTarget, symbolInfo)}</TableCell>
      <TableCell>
        {alert.status}
        {alert.status === 'Triggered' && alert.triggeredAt ? (
          <Muted>
            {`${new Date(alert.triggeredAt).toLocaleString()}${
              alert.triggeredValue === undefined
                ? ''
                : ` at ${formatAlertValue(alert, alert.triggeredValue, symbolInfo)}`
            }`}
          </Muted>
        ) : null}
      </TableCell>
      <TableCell align="right">
        <IconButton
          size="small"
          aria-label={`Delete ${alert.symbol} ${typeLabel}`}
          disabled={deleting}
          onClick={() => onDelete(alert)}
        >
          <SvgIcon fontSize="small">
            <path d={DELETE_ICON} />
          </SvgIcon>
        </IconButton>
      </TableCell>
    </TableRow>
  );
}
