import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import {
  type Position,
  formatNumber,
  parseNumberInput,
  positionFormSchema,
} from '@pairwatch/domain';
import { useFormik } from 'formik';
import { FormDialog } from './FormDialog';
import { NumberField } from './NumberField';
import { submitThenClose } from './submitThenClose';

/** Props of {@link ClosePositionDialog}. */
export interface ClosePositionDialogProps {
  readonly position: Position;
  /** The live price, if known: the close price offered by default. */
  readonly currentPrice: number | undefined;
  /** Decimals of the symbol's prices. */
  readonly pricePrecision: number;
  /** Closes the position at the price; the dialog closes when it resolves. */
  readonly onSubmit: (price: number) => Promise<void>;
  readonly onClose: () => void;
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
      formik={formik}
      onClose={onClose}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {position.symbol} {position.side} · current price{' '}
        {currentPrice === undefined ? '-' : formatNumber(currentPrice, pricePrecision)}
      </Typography>
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
