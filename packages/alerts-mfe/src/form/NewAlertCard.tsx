import { useEffect, useMemo, useRef, useState } from 'react';
import { useFormik } from 'formik';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  type AlertType,
  type Interval,
  type SymbolId,
  type SymbolInfo,
  INTERVAL_INFO,
  SYMBOL_CATALOGUE,
  alertFormSchema,
  parseNumberInput,
} from '@pairwatch/domain';
import { SymbolLogo, showToast } from '@pairwatch/ui-kit';
import { apiErrorDetail } from '../alerts/ApiError';
import { ALERTS_MESSAGES } from '../alertsMessages';
import { type AlertsApi, type AlertsMarketData } from '../screen/AlertsServices';
import { LiveAlertHelperLine } from './LiveAlertHelperLine';

/** Props of {@link NewAlertCard}. */
export interface NewAlertCardProps {
  readonly symbol: SymbolId;
  /** The chart's interval: an RSI alert is created for it. */
  readonly interval: Interval;
  readonly symbolInfo: SymbolInfo | undefined;
  /** Live prices for the helper line. */
  readonly market: AlertsMarketData;
  /** Creating is possible only while push is active (product §2). */
  readonly pushActive: boolean;
  readonly subscriptionId: string | undefined;
  readonly alerts: AlertsApi;
  /** Called after an alert was created (the list reloads). */
  readonly onCreated: () => void;
  /**
   * A level picked on the chart ("+" on the axis, or Alt+A): fills type and target, focuses the
   * target and scrolls the card into view. Nothing is created until Create Alert is pressed.
   */
  readonly prefill?: AlertPrefill;
}

/** A level picked on the chart for the form; a new `serial` applies it again. */
export interface AlertPrefill {
  readonly type: AlertType;
  readonly value: number;
  /** Grows with each pick, so picking the same level twice still refocuses the field. */
  readonly serial: number;
}

interface FormValues {
  readonly type: AlertType;
  readonly valueTarget: string;
}

const TYPE_LABELS: Readonly<Record<AlertType, string>> = {
  Price: ALERTS_MESSAGES.priceAlertOption,
  Rsi: ALERTS_MESSAGES.rsiAlertOption,
};

/**
 * The 'New Alert' card: alert type, target value (validated on change with the domain's
 * `alertFormSchema`), the price helper line and Create Alert.
 */
export function NewAlertCard({
  symbol,
  interval,
  symbolInfo,
  market,
  pushActive,
  subscriptionId,
  alerts,
  onCreated,
  prefill,
}: NewAlertCardProps) {
  const info = symbolInfo ?? SYMBOL_CATALOGUE[symbol];
  const formik = useFormik<FormValues>({
    initialValues: { type: 'Price', valueTarget: '' },
    validationSchema: alertFormSchema,
    validateOnChange: true,
    validateOnBlur: true,
    onSubmit: async (values, helpers) => {
      if (!subscriptionId) return; // the button is disabled without one
      try {
        await alerts.createAlert({
          symbol,
          type: values.type,
          valueTarget: parseNumberInput(values.valueTarget),
          subscriptionId,
          ...(values.type === 'Rsi' ? { rsiInterval: interval } : {}),
        });
      } catch (error) {
        showToast({
          variant: 'error',
          title: ALERTS_MESSAGES.errorTitle,
          description: apiErrorDetail(error) ?? ALERTS_MESSAGES.createFailed,
        });
        return;
      }
      showToast({ variant: 'success', description: ALERTS_MESSAGES.created });
      helpers.resetForm({ values: { type: values.type, valueTarget: '' } });
      onCreated();
    },
  });
  const { values, errors, touched, resetForm } = formik;

  // A new symbol clears the target (product §4); the type stays.
  const shownSymbol = useRef(symbol);
  useEffect(() => {
    if (shownSymbol.current === symbol) return;
    shownSymbol.current = symbol;
    resetForm({ values: { type: values.type, valueTarget: '' } });
  }, [symbol, values.type, resetForm]);

  const card = useRef<HTMLElement>(null);
  const targetInput = useRef<HTMLInputElement>(null);
  const appliedPrefill = useRef<number | undefined>(undefined);
  const [focusRequest, setFocusRequest] = useState(0);
  const pricePrecision = info.priceFormat.precision;
  useEffect(() => {
    if (!prefill || appliedPrefill.current === prefill.serial) return;
    appliedPrefill.current = prefill.serial;
    const precision = prefill.type === 'Rsi' ? 2 : pricePrecision;
    resetForm({ values: { type: prefill.type, valueTarget: prefill.value.toFixed(precision) } });
    setFocusRequest((count) => count + 1);
  }, [prefill, pricePrecision, resetForm]);
  // After the render that shows the picked value: selecting before it would be undone when the
  // new value is written into the field.
  useEffect(() => {
    if (focusRequest === 0) return;
    const input = targetInput.current;
    input?.focus({ preventScroll: true });
    input?.select(); // typing replaces the picked level
    const reduceMotion =
      typeof window.matchMedia === 'function' &&
      window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    card.current?.scrollIntoView?.({
      block: 'nearest',
      behavior: reduceMotion ? 'auto' : 'smooth',
    });
  }, [focusRequest]);

  const validTarget = useMemo(
    () => (alertFormSchema.isValidSync(values) ? parseNumberInput(values.valueTarget) : undefined),
    [values],
  );
  const error = touched.valueTarget ? errors.valueTarget : undefined;
  const isRsi = values.type === 'Rsi';

  return (
    <Card ref={card} variant="outlined" component="section" aria-labelledby="new-alert-title">
      <CardHeader
        title={ALERTS_MESSAGES.newAlertTitle}
        slotProps={{ title: { id: 'new-alert-title', variant: 'h6', component: 'h2' } }}
        subheader={
          <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
            <SymbolLogo symbol={symbol} size={18} />
            {isRsi ? `${symbol}, ${INTERVAL_INFO[interval].label}` : symbol}
          </Box>
        }
      />
      <CardContent>
        <Stack component="form" noValidate spacing={2} onSubmit={formik.handleSubmit}>
          <TextField
            select
            size="small"
            label="Type"
            name="type"
            value={values.type}
            onChange={(event) =>
              resetForm({ values: { type: event.target.value as AlertType, valueTarget: '' } })
            }
          >
            {(Object.keys(TYPE_LABELS) as AlertType[]).map((type) => (
              <MenuItem key={type} value={type}>
                {TYPE_LABELS[type]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label="Target value"
            name="valueTarget"
            autoComplete="off"
            placeholder={
              isRsi
                ? ALERTS_MESSAGES.rsiPlaceholder
                : ALERTS_MESSAGES.pricePlaceholder(info.quoteAsset)
            }
            value={values.valueTarget}
            onChange={(event) => {
              // Checked on change (product §5): an emptied field says so right away.
              void formik.setFieldTouched('valueTarget', true, false);
              formik.handleChange(event);
            }}
            onBlur={formik.handleBlur}
            error={error !== undefined}
            helperText={error ?? ' '}
            // The label stays above the field, so the placeholder (the unit, or the RSI range)
            // shows before the field is focused.
            inputRef={targetInput}
            slotProps={{ htmlInput: { inputMode: 'decimal' }, inputLabel: { shrink: true } }}
          />
          {isRsi ? null : (
            <LiveAlertHelperLine
              market={market}
              symbol={symbol}
              interval={interval}
              target={validTarget}
              precision={info.priceFormat.precision}
            />
          )}
          <Button type="submit" variant="contained" disabled={!pushActive || formik.isSubmitting}>
            {ALERTS_MESSAGES.createAlert}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
