import { type ChangeEvent, useEffect, useMemo, useRef, useState } from 'react';
import { type FormikErrors, useFormik, validateYupSchema, yupToFormErrors } from 'formik';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type AlertCondition,
  type AlertFrequency,
  type AlertType,
  type Interval,
  type SymbolId,
  type SymbolInfo,
  ALERT_CONDITIONS,
  ALERT_FREQUENCIES,
  ALERT_LIMITS,
  CONDITION_INFO,
  FREQUENCY_LABELS,
  INTERVAL_INFO,
  guessSymbolInfo,
  alertFormSchema,
  parseNumberInput,
} from '@pairwatch/domain';
import { SymbolLogo, showToast } from '@pairwatch/ui-kit';
import { apiErrorDetail } from '../alerts/ApiError';
import { ALERTS_MESSAGES } from '../alertsMessages';
import { type AlertsApi, type AlertsMarketData } from '../screen/AlertsServices';
import {
  type AlertExpiry,
  type AlertFormValues,
  alertSchemaInput,
  createAlertRequest,
  emptyAlertForm,
  sameAlertForm,
} from './alertFormValues';
import { LiveAlertHelperLine } from './LiveAlertHelperLine';

/** Props of {@link NewAlertCard}. */
export interface NewAlertCardProps {
  readonly symbol: SymbolId;
  /** The chart's interval: an RSI alert is created for it. */
  readonly interval: Interval;
  readonly symbolInfo: SymbolInfo | undefined;
  /** Live prices for the helper line. */
  readonly market: AlertsMarketData;
  /**
   * Why Create Alert is disabled, said beside it: the alert would have nowhere to go (no push
   * here and no other channel, see `createAlertReason`). Undefined when it can be created.
   */
  readonly createReason?: string;
  /** This browser's owner id: whose alert it is. */
  readonly ownerId: string | undefined;
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

const EXPIRY_LABELS: Readonly<Record<AlertExpiry, string>> = {
  open: 'Open-ended',
  at: 'On a date',
};

/** The fields a person types into; a change marks them touched, so errors show as they type. */
type TypedField = 'valueTarget' | 'valueUpper' | 'bars' | 'expiresAt' | 'message';

/**
 * Checks the form with domain's schema (the api's rules and words), expiry against the clock now
 * and a price level against the pair's precision. Formik's `validationSchema` cannot pass them as
 * context, hence this function.
 */
async function validateAlertForm(
  values: AlertFormValues,
  pair: { readonly symbol: SymbolId; readonly pricePrecision: number },
): Promise<FormikErrors<AlertFormValues>> {
  try {
    await validateYupSchema(alertSchemaInput(values), alertFormSchema, false, {
      now: Date.now(),
      ...pair,
    });
    return {};
  } catch (error) {
    if ((error as { name?: unknown } | null)?.name !== 'ValidationError') throw error;
    return yupToFormErrors<AlertFormValues>(error);
  }
}

const TYPE_LABELS: Readonly<Record<AlertType, string>> = {
  Price: ALERTS_MESSAGES.priceAlertOption,
  Rsi: ALERTS_MESSAGES.rsiAlertOption,
};

/**
 * The 'New Alert' card: alert type, condition and its values (a level, a channel's bounds, or a
 * percent move in a window of bars), frequency, expiry and message, all validated on change with
 * the domain's `alertFormSchema`; the price helper line and Create Alert.
 */
export function NewAlertCard({
  symbol,
  interval,
  symbolInfo,
  market,
  createReason,
  ownerId,
  alerts,
  onCreated,
  prefill,
}: NewAlertCardProps) {
  const info = symbolInfo ?? guessSymbolInfo(symbol);
  const formik = useFormik<AlertFormValues>({
    initialValues: emptyAlertForm('Price'),
    validate: (values) =>
      validateAlertForm(values, { symbol, pricePrecision: info.priceFormat.precision }),
    validateOnChange: true,
    validateOnBlur: true,
    onSubmit: async (values, helpers) => {
      if (!ownerId) return; // the button is disabled without one
      try {
        await alerts.createAlert(createAlertRequest(values, { symbol, interval, ownerId }));
      } catch (error) {
        showToast({
          variant: 'error',
          title: ALERTS_MESSAGES.errorTitle,
          description: apiErrorDetail(error) ?? ALERTS_MESSAGES.createFailed,
        });
        return;
      }
      showToast({ variant: 'success', description: ALERTS_MESSAGES.created });
      // What was typed while the alert was on its way starts the next one: it is kept, not
      // wiped by the emptying meant for the values just sent.
      if (sameAlertForm(latestValues.current, values)) {
        helpers.resetForm({ values: emptyAlertForm(values.type) });
      }
      onCreated();
    },
  });
  const { values, errors, touched, resetForm } = formik;

  // A new symbol clears the target and the upper bound (product §4: prices of another symbol); the
  // rest stays. Read through a ref: the effect must run on a symbol change only.
  const latestValues = useRef(values);
  latestValues.current = values;
  const shownSymbol = useRef(symbol);
  useEffect(() => {
    if (shownSymbol.current === symbol) return;
    shownSymbol.current = symbol;
    resetForm({ values: { ...latestValues.current, valueTarget: '', valueUpper: '' } });
  }, [symbol, resetForm]);

  const card = useRef<HTMLElement>(null);
  const targetInput = useRef<HTMLInputElement>(null);
  const appliedPrefill = useRef<number | undefined>(undefined);
  const [focusRequest, setFocusRequest] = useState(0);
  const pricePrecision = info.priceFormat.precision;
  useEffect(() => {
    if (!prefill || appliedPrefill.current === prefill.serial) return;
    appliedPrefill.current = prefill.serial;
    const precision = prefill.type === 'Rsi' ? 2 : pricePrecision;
    // A level picked on the chart is a plain crossing of it, as the "+" promises.
    resetForm({
      values: { ...emptyAlertForm(prefill.type), valueTarget: prefill.value.toFixed(precision) },
    });
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

  // Only the target's own rules: a message too long must not hide the price line.
  const { type, condition, valueTarget } = values;
  const validTarget = useMemo(
    () =>
      alertFormSchema.isValidSync({ type, condition, valueTarget })
        ? parseNumberInput(valueTarget)
        : undefined,
    [type, condition, valueTarget],
  );
  const fieldError = (field: TypedField): string | undefined =>
    touched[field] ? errors[field] : undefined;
  const error = fieldError('valueTarget');
  const isRsi = values.type === 'Rsi';
  const shape = CONDITION_INFO[values.condition].shape;
  const valuePlaceholder = isRsi
    ? ALERTS_MESSAGES.rsiPlaceholder
    : ALERTS_MESSAGES.pricePlaceholder(info.quoteAsset);
  /** Formik's change handler, marking the field touched first: checked on change (product §5). */
  const typed =
    (field: TypedField) =>
    (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>): void => {
      void formik.setFieldTouched(field, true, false);
      formik.handleChange(event);
    };
  const messageError = fieldError('message');
  const blocked = createReason !== undefined || !ownerId;
  const expiryError = fieldError('expiresAt');

  return (
    <Card ref={card} variant="outlined" component="section" aria-labelledby="new-alert-title">
      <CardHeader
        title={ALERTS_MESSAGES.newAlertTitle}
        slotProps={{ title: { id: 'new-alert-title', variant: 'h6', component: 'h2' } }}
        subheader={
          <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
            <SymbolLogo symbol={symbol} baseAsset={info.baseAsset} size={18} />
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
            onChange={(event) => {
              const type = event.target.value as AlertType;
              // A new type clears the values (a price is no RSI value); a Moving % condition,
              // price-only, falls back to a crossing.
              const keep = !(type === 'Rsi' && CONDITION_INFO[values.condition].priceOnly);
              resetForm({
                values: {
                  ...values,
                  type,
                  condition: keep ? values.condition : emptyAlertForm(type).condition,
                  valueTarget: '',
                  valueUpper: '',
                },
              });
            }}
          >
            {(Object.keys(TYPE_LABELS) as AlertType[]).map((type) => (
              <MenuItem key={type} value={type}>
                {TYPE_LABELS[type]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label="Condition"
            name="condition"
            value={values.condition}
            onChange={(event) => {
              const next = event.target.value as AlertCondition;
              // The same field is a price, a bound or a percent: a new shape starts it empty.
              const sameShape = CONDITION_INFO[next].shape === shape;
              void formik.setValues({
                ...values,
                condition: next,
                valueTarget: sameShape ? values.valueTarget : '',
              });
            }}
          >
            {ALERT_CONDITIONS.filter((c) => !(isRsi && CONDITION_INFO[c].priceOnly)).map((c) => (
              <MenuItem key={c} value={c}>
                {CONDITION_INFO[c].label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label={
              shape === 'move' ? 'Percent' : shape === 'channel' ? 'Lower bound' : 'Target value'
            }
            name="valueTarget"
            autoComplete="off"
            placeholder={shape === 'move' ? 'Percent, e.g. 5' : valuePlaceholder}
            value={values.valueTarget}
            onChange={typed('valueTarget')}
            onBlur={formik.handleBlur}
            error={error !== undefined}
            helperText={error ?? ' '}
            // The label stays above the field, so the placeholder (the unit, or the RSI range)
            // shows before the field is focused.
            inputRef={targetInput}
            slotProps={{ htmlInput: { inputMode: 'decimal' }, inputLabel: { shrink: true } }}
          />
          {shape === 'channel' ? (
            <TextField
              size="small"
              label="Upper bound"
              name="valueUpper"
              autoComplete="off"
              placeholder={valuePlaceholder}
              value={values.valueUpper}
              onChange={typed('valueUpper')}
              onBlur={formik.handleBlur}
              error={fieldError('valueUpper') !== undefined}
              helperText={fieldError('valueUpper') ?? ' '}
              slotProps={{ htmlInput: { inputMode: 'decimal' }, inputLabel: { shrink: true } }}
            />
          ) : null}
          {shape === 'move' ? (
            <TextField
              size="small"
              label="Bars"
              name="bars"
              autoComplete="off"
              placeholder={`${ALERT_LIMITS.minBars} to ${ALERT_LIMITS.maxBars}`}
              value={values.bars}
              onChange={typed('bars')}
              onBlur={formik.handleBlur}
              error={fieldError('bars') !== undefined}
              helperText={fieldError('bars') ?? ' '}
              slotProps={{ htmlInput: { inputMode: 'numeric' }, inputLabel: { shrink: true } }}
            />
          ) : null}
          {/* Bullish or bearish is read from the live price only for a plain crossing; the other
              conditions say their way themselves. */}
          {isRsi || values.condition !== 'Crossing' ? null : (
            <LiveAlertHelperLine
              market={market}
              symbol={symbol}
              interval={interval}
              target={validTarget}
              precision={info.priceFormat.precision}
            />
          )}
          <TextField
            select
            size="small"
            label="Frequency"
            name="frequency"
            value={values.frequency}
            onChange={(event) =>
              void formik.setFieldValue('frequency', event.target.value as AlertFrequency)
            }
          >
            {ALERT_FREQUENCIES.map((frequency) => (
              <MenuItem key={frequency} value={frequency}>
                {FREQUENCY_LABELS[frequency]}
              </MenuItem>
            ))}
          </TextField>
          <Stack direction="row" spacing={1}>
            <TextField
              select
              size="small"
              label="Expiry"
              name="expiry"
              value={values.expiry}
              onChange={(event) =>
                void formik.setFieldValue('expiry', event.target.value as AlertExpiry)
              }
              // Open-ended, it is the row's only field: as wide as the fields above it.
              sx={{ minWidth: 130, flex: values.expiry === 'at' ? '0 0 auto' : 1 }}
            >
              {(Object.keys(EXPIRY_LABELS) as AlertExpiry[]).map((expiry) => (
                <MenuItem key={expiry} value={expiry}>
                  {EXPIRY_LABELS[expiry]}
                </MenuItem>
              ))}
            </TextField>
            {values.expiry === 'at' ? (
              <TextField
                size="small"
                type="datetime-local"
                label="Expires at"
                name="expiresAt"
                value={values.expiresAt}
                onChange={typed('expiresAt')}
                onBlur={formik.handleBlur}
                error={expiryError !== undefined}
                helperText={expiryError ?? ' '}
                sx={{ flex: 1 }}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            ) : null}
          </Stack>
          <TextField
            size="small"
            label="Message"
            name="message"
            multiline
            minRows={2}
            value={values.message}
            onChange={typed('message')}
            onBlur={formik.handleBlur}
            error={messageError !== undefined}
            helperText={
              <Box
                component="span"
                sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}
              >
                <span>{messageError ?? 'Sent with the notification'}</span>
                <span data-testid="alert-message-count">
                  {`${values.message.length}/${ALERT_LIMITS.maxMessageLength}`}
                </span>
              </Box>
            }
          />
          <Button
            type="submit"
            variant="contained"
            disabled={blocked || formik.isSubmitting}
            aria-describedby={createReason === undefined ? undefined : 'create-alert-reason'}
          >
            {ALERTS_MESSAGES.createAlert}
          </Button>
          {createReason !== undefined ? (
            <Typography
              id="create-alert-reason"
              variant="caption"
              color="text.secondary"
              data-testid="create-alert-reason"
            >
              {createReason}
            </Typography>
          ) : null}
        </Stack>
      </CardContent>
    </Card>
  );
}
