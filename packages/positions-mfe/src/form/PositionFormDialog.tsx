import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormLabel from '@mui/material/FormLabel';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  POSITION_SIDES,
  type PositionSide,
  type SymbolId,
  type SymbolInfo,
  formatNumber,
  parseNumberInput,
} from '@pairwatch/domain';
import { SymbolPicker } from '@pairwatch/ui-kit';
import { useFormik } from 'formik';
import { type SymbolInfoLookup } from '../market/useSymbolInfos';
import { type NewPosition } from '../store/PositionStore';
import { entryPriceWarning } from './entryPriceWarning';
import { FormDialog } from './FormDialog';
import { NumberField } from './NumberField';
import {
  type PositionDialogProps,
  type PositionNumberValues,
  parsePositionNumbers,
  submitThenClose,
  validatePositionForm,
} from './positionForm';

/** Props of {@link PositionFormDialog}; `onSubmit` stores the new position. */
export interface PositionFormDialogProps extends PositionDialogProps<NewPosition> {
  /** The symbol to start with: the last one chosen (persisted by the caller). */
  readonly symbol: SymbolId;
  /** Called when the user picks another symbol, so the caller can remember it. */
  readonly onSymbolChange: (symbol: SymbolId) => void;
  /** The latest 1-minute close per symbol: the chosen symbol's is shown and offered as the entry. */
  readonly prices: ReadonlyMap<SymbolId, number>;
  /** The symbols' formats: prices are checked against and shown at their precision. */
  readonly symbolInfo: SymbolInfoLookup;
  /** The pairs the picker offers (`undefined` while the catalogue loads). */
  readonly catalogue: readonly SymbolInfo[] | undefined;
}

interface FormValues extends Record<string, unknown>, PositionNumberValues {
  symbol: SymbolId;
  side: PositionSide;
}

/**
 * The 'Add position' dialog: symbol, side, amount, entry price and take profit, checked with the
 * domain's `positionFormSchema` (product §2, §5); the pair's current price with "Use current price"
 * for the entry, and a warning (not blocking) for an entry far from it. Render it only while open:
 * each opening starts blank.
 */
export function PositionFormDialog({
  symbol,
  onSymbolChange,
  prices,
  symbolInfo,
  catalogue,
  onSubmit,
  onClose,
}: PositionFormDialogProps) {
  const formik = useFormik<FormValues>({
    initialValues: { symbol, side: 'Buy', amount: '', price: '', tp: '' },
    validate: (values) =>
      validatePositionForm(values, symbolInfo(values.symbol).priceFormat.precision),
    onSubmit: (values) =>
      submitThenClose(
        () =>
          onSubmit({
            symbol: values.symbol,
            side: values.side,
            ...parsePositionNumbers(values),
          }),
        onClose,
      ),
  });
  const precision = symbolInfo(formik.values.symbol).priceFormat.precision;
  const currentPrice = prices.get(formik.values.symbol);
  const fillCurrentPrice = () => {
    if (currentPrice === undefined) return;
    void formik.setFieldTouched('price', true, false);
    void formik.setFieldValue('price', formatNumber(currentPrice, precision));
  };

  return (
    <FormDialog
      titleId="add-position-title"
      title="Add position"
      submitLabel="Add Position"
      formik={formik}
      onClose={onClose}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
        <FormLabel htmlFor="position-symbol" sx={{ minWidth: 56 }}>
          Symbol
        </FormLabel>
        <SymbolPicker
          id="position-symbol"
          symbols={catalogue}
          storageKey="pairwatch-position-symbols"
          value={formik.values.symbol}
          onChange={(picked) => {
            void formik.setFieldValue('symbol', picked);
            onSymbolChange(picked);
          }}
        />
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
        <FormLabel id="position-side-label" sx={{ minWidth: 56 }}>
          Side
        </FormLabel>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          aria-labelledby="position-side-label"
          value={formik.values.side}
          onChange={(_event, side: PositionSide | null) => {
            if (side !== null) void formik.setFieldValue('side', side);
          }}
        >
          {POSITION_SIDES.map((side) => (
            <ToggleButton key={side} value={side} sx={{ px: 3 }}>
              {side}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      <NumberField formik={formik} name="amount" label="Amount" autoFocus />
      <NumberField
        formik={formik}
        name="price"
        label="Entry Price"
        warning={entryPriceWarning(parseNumberInput(formik.values.price), currentPrice, precision)}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mt: -1, mb: 1 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
          Current price{' '}
          <Box
            component="span"
            data-testid="add-position-current-price"
            sx={{ color: 'text.primary' }}
          >
            {currentPrice === undefined ? '-' : formatNumber(currentPrice, precision)}
          </Box>
        </Typography>
        <Button
          size="small"
          disabled={currentPrice === undefined}
          onClick={fillCurrentPrice}
          sx={{ minHeight: { xs: 44, sm: 'auto' } }}
        >
          Use current price
        </Button>
      </Box>
      <NumberField formik={formik} name="tp" label="Take Profit" />
    </FormDialog>
  );
}
