import Box from '@mui/material/Box';
import FormLabel from '@mui/material/FormLabel';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import {
  POSITION_SIDES,
  type PositionSide,
  type SymbolId,
  positionFormSchema,
} from '@pairwatch/domain';
import { SymbolPicker } from '@pairwatch/ui-kit';
import { useFormik } from 'formik';
import { type NewPosition } from '../store/PositionStore';
import { FormDialog } from './FormDialog';
import { NumberField } from './NumberField';
import {
  type PositionDialogProps,
  type PositionNumberValues,
  parsePositionNumbers,
  submitThenClose,
} from './positionForm';

/** Props of {@link PositionFormDialog}; `onSubmit` stores the new position. */
export interface PositionFormDialogProps extends PositionDialogProps<NewPosition> {
  /** The symbol to start with: the last one chosen (persisted by the caller). */
  readonly symbol: SymbolId;
  /** Called when the user picks another symbol, so the caller can remember it. */
  readonly onSymbolChange: (symbol: SymbolId) => void;
}

interface FormValues extends Record<string, unknown>, PositionNumberValues {
  symbol: SymbolId;
  side: PositionSide;
}

/**
 * The 'Add position' dialog: symbol, side, amount, entry price and take profit, checked with the
 * domain's `positionFormSchema` (product §2, §5). Render it only while open: each opening starts blank.
 */
export function PositionFormDialog({
  symbol,
  onSymbolChange,
  onSubmit,
  onClose,
}: PositionFormDialogProps) {
  const formik = useFormik<FormValues>({
    initialValues: { symbol, side: 'Buy', amount: '', price: '', tp: '' },
    validationSchema: positionFormSchema,
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
      <NumberField formik={formik} name="price" label="Entry Price" />
      <NumberField formik={formik} name="tp" label="Take Profit" />
    </FormDialog>
  );
}
