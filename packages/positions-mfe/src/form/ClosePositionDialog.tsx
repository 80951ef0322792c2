import Button from '@mui/material/Button';
import {
  type Position,
  formatNumber,
  parseNumberInput,
  positionFormSchema,
} from '@pairwatch/domain';
import { useFormik } from 'formik';
import { FormDialog } from './FormDialog';
import { NumberField } from './NumberField';
import { type PositionDialogProps, submitThenClose } from './positionForm';

/** Props of {@link ClosePositionDialog}; `onSubmit` closes the position at the price. */
export interface ClosePositionDialogProps extends PositionDialogProps<number> {
  readonly position: Position;
  /** The live price, if known: the close price offered by default. */
  readonly currentPrice: number | undefined;
  /** Decimals of the symbol's prices. */
  readonly pricePrecision: number;
}

interface FormValues extends Record<string, unknown> {
  price: string;
}

const closeSchema = positionFormSchema.pick(['price']);

/**
 * Ends an open position by hand (end reason "Closed") at the current price, filled in, or at a
 * price the user types.
 */
export function ClosePositionDialog({
  position,
  currentPrice,
  pricePrecision,
  onSubmit,
  onClose,
}: ClosePositionDialogProps) {
  const formik = useFormik<FormValues>({
    initialValues: { price: currentPrice === undefined ? '' : String(currentPrice) },
    validationSchema: closeSchema,
    onSubmit: (values) => submitThenClose(() => onSubmit(parseNumberInput(values.price)), onClose),
  });

  return (
    <FormDialog
      titleId="close-position-title"
      title="Close position"
      submitLabel="Close Position"
      submitColor="error"
      summary={
        <>
          {position.symbol} {position.side} · current price{' '}
          {currentPrice === undefined ? '-' : formatNumber(currentPrice, pricePrecision)}
        </>
      }
      formik={formik}
      onClose={onClose}
    >
      <NumberField formik={formik} name="price" label="Close Price" autoFocus />
      <Button
        size="small"
        sx={{ alignSelf: 'flex-start' }}
        disabled={currentPrice === undefined}
        onClick={() => void formik.setFieldValue('price', String(currentPrice))}
      >
        Use current price
      </Button>
    </FormDialog>
  );
}
