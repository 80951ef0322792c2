import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
  type Interval,
  type SymbolId,
  type SymbolInfo,
  INTERVAL_INFO,
  CONDITION_INFO,
  describeAlertCondition,
  describeAlertFrequency,
} from '@pairwatch/domain';
import { EmptyTableRow, stackedTableOnPhones, SymbolLogo } from '@pairwatch/ui-kit';
import {
  type AlertEntry,
  type AlertWithFirings,
  type UnreadableAlert,
  isUnreadableAlert,
} from '../alerts/AlertEntry';
import { ALERTS_MESSAGES, DELIVERY_MESSAGES } from '../alertsMessages';
import { type AlertDelivery } from '@pairwatch/domain';
import { type Channel } from '../channels/Channel';
import { TOUCH_TARGET_SX } from '../ui/touchTarget';
import { visuallyHidden } from '../ui/visuallyHidden';
import { DeliveriesDialog } from './DeliveriesDialog';
import { formatAlertTarget } from './formatAlertTarget';
import { formatAlertValue } from './formatAlertValue';
import { sortAlerts } from './sortAlerts';

/** Props of {@link AlertsTable}. */
export interface AlertsTableProps {
  /** The subscription's alerts; one the page cannot read is a row that says so. */
  readonly alerts: readonly AlertEntry[];
  /** The chart's symbol, for 'Hide other symbols alerts'. */
  readonly selectedSymbol: SymbolId;
  /**
   * The selected symbol's info from the api, when loaded: its alerts' prices use that format (as
   * the chart does); other symbols use the market catalogue's (`catalogue`).
   */
  readonly symbolInfo?: SymbolInfo;
  /** The market's pairs: the other alerts' prices use their pair's format and quote asset. */
  readonly catalogue?: readonly SymbolInfo[];
  /** A ticker was clicked: show that symbol (and interval) on the chart. */
  readonly onSelect: (symbol: SymbolId, interval: Interval) => void;
  /** Delete was pressed on a row (only rows with an id have the button). */
  readonly onDelete: (alert: AlertEntry) => void;
  /** Ids whose delete is pending (their button is disabled). */
  readonly deleting?: ReadonlySet<string>;
  /**
   * Where each alert's firings went: with it, every row has a Deliveries button that lists them
   * in words (`GET /alerts/{id}/deliveries`, webhooks named by the host of `channels`).
   */
  readonly deliveries?: {
    readonly load: (alertId: string) => Promise<AlertDelivery[]>;
    readonly channels: readonly Channel[];
  };
}

const COLUMNS = ['Ticker', 'Type', 'Value On Creation', 'Value Target', 'Status'] as const;

/** The row of an alert this page cannot read (issue #23: never an empty list instead). */
export const UNREADABLE_ALERT_TEXT = 'This alert needs a newer version of Pairwatch';

/** A message longer than this is cut in its cell; the whole text is its tooltip. */
const MESSAGE_PREVIEW_CHARS = 60;

/** Below 600 px each alert is a block of "column: value" lines (see `stackedTableOnPhones`). */
const STACKED_ON_PHONES = stackedTableOnPhones(COLUMNS);

const DELETE_ICON = 'M6 19c0 1.1.9 2 2 2h8c1.1 0 2-.9 2-2V7H6zM19 4h-3.5l-1-1h-5l-1 1H5v2h14z';

/** The Type cell, worded like the form's type select; RSI alerts name their interval. */
function alertTypeLabel(alert: AlertWithFirings): string {
  if (alert.type !== 'Rsi') return ALERTS_MESSAGES.priceAlertOption;
  return alert.interval
    ? `${ALERTS_MESSAGES.rsiAlertOption} (${INTERVAL_INFO[alert.interval].label})`
    : ALERTS_MESSAGES.rsiAlertOption;
}

function Muted({ children, title }: { readonly children: string; readonly title?: string }) {
  return (
    <Typography component="div" variant="caption" color="text.secondary" title={title}>
      {children}
    </Typography>
  );
}

/**
 * The condition under the target: its name where the target above already shows its levels
 * ("Crossing up", "Entering channel"), the whole description for a percent move, whose target is
 * a percent ("Moving up 5 % in 12 bars").
 */
function conditionLine(alert: AlertWithFirings): string {
  const info = CONDITION_INFO[alert.condition];
  return info.shape === 'move' ? describeAlertCondition(alert) : info.label;
}

/** "Fired once", "Fired 3 times": only repeating alerts say it (a one-shot's status does). */
function firedText(alert: AlertWithFirings): string | undefined {
  if (alert.frequency === 'OnlyOnce' || alert.triggerCount === 0) return undefined;
  return alert.triggerCount === 1 ? 'Fired once' : `Fired ${alert.triggerCount} times`;
}

/** The trader's message, cut to a line's worth (the whole of it is the tooltip). */
function messagePreview(message: string): string {
  const text = message.replace(/\s+/g, ' ').trim();
  return text.length > MESSAGE_PREVIEW_CHARS
    ? `“${text.slice(0, MESSAGE_PREVIEW_CHARS - 1).trimEnd()}…”`
    : `“${text}”`;
}

/**
 * 'Your alerts': newest first, optionally only the chart's symbol, each with what it watches, how
 * often, its message, and how often and when it fired; expired ones greyed out. A ticker click selects its symbol (and the RSI alert's interval, else
 * 1m); the delete button removes the alert.
 */
export function AlertsTable({
  alerts,
  selectedSymbol,
  symbolInfo,
  catalogue,
  onSelect,
  onDelete,
  deleting,
  deliveries,
}: AlertsTableProps) {
  const pairs = useMemo(
    () => new Map((catalogue ?? []).map((info) => [info.symbol, info])),
    [catalogue],
  );
  const [onlySelected, setOnlySelected] = useState(false);
  const [shownDeliveries, setShownDeliveries] = useState<
    { readonly id: string; readonly name: string } | undefined
  >(undefined);
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
                    Actions
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.length === 0 ? (
                <EmptyTableRow colSpan={COLUMNS.length + 1} message={ALERTS_MESSAGES.noAlerts} />
              ) : (
                rows.map((alert, index) =>
                  isUnreadableAlert(alert) ? (
                    <UnreadableAlertRow
                      key={alert.id ?? `unreadable-${index}`}
                      alert={alert}
                      onDelete={onDelete}
                      deleting={alert.id !== undefined && (deleting?.has(alert.id) ?? false)}
                    />
                  ) : (
                    <AlertRow
                      key={alert.id}
                      alert={alert}
                      symbolInfo={
                        symbolInfo?.symbol === alert.symbol ? symbolInfo : pairs.get(alert.symbol)
                      }
                      onSelect={onSelect}
                      onDelete={onDelete}
                      deleting={deleting?.has(alert.id) ?? false}
                      onShowDeliveries={
                        deliveries === undefined
                          ? undefined
                          : () =>
                              setShownDeliveries({
                                id: alert.id,
                                name: `${alert.symbol} ${alertTypeLabel(alert)}`,
                              })
                      }
                    />
                  ),
                )
              )}
            </TableBody>
          </Table>
        </TableContainer>
      </CardContent>
      {shownDeliveries === undefined || deliveries === undefined ? null : (
        <DeliveriesDialog
          alert={shownDeliveries}
          load={deliveries.load}
          channels={deliveries.channels}
          onClose={() => setShownDeliveries(undefined)}
        />
      )}
    </Card>
  );
}

interface AlertRowProps {
  readonly alert: AlertWithFirings;
  readonly symbolInfo: SymbolInfo | undefined;
  readonly onSelect: AlertsTableProps['onSelect'];
  readonly onDelete: AlertsTableProps['onDelete'];
  readonly deleting: boolean;
  /** Opens the alert's delivery log; no Deliveries button without it. */
  readonly onShowDeliveries: (() => void) | undefined;
}

function AlertRow({
  alert,
  symbolInfo,
  onSelect,
  onDelete,
  deleting,
  onShowDeliveries,
}: AlertRowProps) {
  const isRsi = alert.type === 'Rsi';
  const typeLabel = alertTypeLabel(alert);
  const lastFiredAt = alert.lastTriggeredAt ?? alert.triggeredAt;
  const fired = firedText(alert);
  // Expired or halted (its pair stopped trading): it watches nothing more.
  const expired = alert.status === 'Expired' || alert.status === 'Halted';
  return (
    <TableRow
      data-testid={`alert-row-${alert.id}`}
      data-status={alert.status}
      // Greyed, not hidden: an expired alert watches nothing, but its firings and delete stay.
      sx={expired ? { '& td, & td *': { color: 'text.disabled' }, opacity: 0.75 } : undefined}
    >
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
            <SymbolLogo symbol={alert.symbol} baseAsset={symbolInfo?.baseAsset} size={18} />
          </Box>
          {alert.symbol}
        </Link>
      </TableCell>
      <TableCell>{typeLabel}</TableCell>
      <TableCell>
        {formatAlertValue(alert, alert.valueOnCreation, symbolInfo)}
        <Muted>{new Date(alert.createdAt).toLocaleString()}</Muted>
      </TableCell>
      <TableCell>
        {formatAlertTarget(alert, symbolInfo)}
        <Muted>{conditionLine(alert)}</Muted>
        <Muted>
          {alert.expiresAt === undefined
            ? describeAlertFrequency(alert.frequency)
            : `${describeAlertFrequency(alert.frequency)}, until ${new Date(alert.expiresAt).toLocaleString()}`}
        </Muted>
        {alert.message === undefined ? null : (
          <Muted title={alert.message}>{messagePreview(alert.message)}</Muted>
        )}
      </TableCell>
      <TableCell>
        {alert.status}
        {alert.status === 'Halted' ? <Muted>{`${alert.symbol} stopped trading`}</Muted> : null}
        {fired === undefined ? null : <Muted>{fired}</Muted>}
        {lastFiredAt ? (
          <Muted>
            {`${new Date(lastFiredAt).toLocaleString()}${
              alert.triggeredValue === undefined
                ? ''
                : ` at ${formatAlertValue(alert, alert.triggeredValue, symbolInfo)}`
            }`}
          </Muted>
        ) : null}
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {onShowDeliveries === undefined ? null : (
          <Button
            size="small"
            aria-label={`${DELIVERY_MESSAGES.button} of ${alert.symbol} ${typeLabel}`}
            onClick={onShowDeliveries}
            sx={TOUCH_TARGET_SX}
          >
            {DELIVERY_MESSAGES.button}
          </Button>
        )}
        <DeleteAlertButton
          label={`Delete ${alert.symbol} ${typeLabel}`}
          disabled={deleting}
          onClick={() => onDelete(alert)}
        />
      </TableCell>
    </TableRow>
  );
}

/** A row's delete button: the trash icon, 44 px on phones (WCAG 2.5.5). */
function DeleteAlertButton(props: {
  readonly label: string;
  readonly disabled: boolean;
  readonly onClick: () => void;
}) {
  return (
    <IconButton
      size="small"
      aria-label={props.label}
      disabled={props.disabled}
      sx={TOUCH_TARGET_SX}
      onClick={props.onClick}
    >
      <SvgIcon fontSize="small">
        <path d={DELETE_ICON} />
      </SvgIcon>
    </IconButton>
  );
}

interface UnreadableAlertRowProps {
  readonly alert: UnreadableAlert;
  readonly onDelete: AlertsTableProps['onDelete'];
  readonly deleting: boolean;
}

/**
 * An alert this page cannot read: its symbol and id where readable, the reason in words, and its
 * delete button when it has an id. One cell spans the other columns (and the delete column), so
 * on a phone it is a block of its own under the ticker rather than empty "column: value" lines.
 */
function UnreadableAlertRow({ alert, onDelete, deleting }: UnreadableAlertRowProps) {
  const { id, symbol } = alert;
  return (
    <TableRow data-testid={`alert-row-${id ?? 'unreadable'}`} data-status="Unreadable">
      <TableCell>{symbol ?? '—'}</TableCell>
      <TableCell colSpan={COLUMNS.length}>
        <Box
          sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}
        >
          <div>
            {UNREADABLE_ALERT_TEXT}
            {id === undefined ? null : <Muted>{`Alert ${id}`}</Muted>}
          </div>
          {id === undefined ? null : (
            <DeleteAlertButton
              label={`Delete ${symbol ?? 'alert'} ${id}`}
              disabled={deleting}
              onClick={() => onDelete(alert)}
            />
          )}
        </Box>
      </TableCell>
    </TableRow>
  );
}
