import { type Position, type PositionSide, type SymbolId } from '@pairwatch/domain';
import { useFormik } from 'formik';
import { type PositionChanges } from '../store/PositionStore';
import { FormDialog } from './FormDialog';
import { NumberField } from './NumberField';
import {
  type PositionDialogProps,
  type PositionNumberValues,
  parsePositionNumbers,
  submitThenClose,
  validatePositionForm,
} from './positionForm';

/** Props of {@link EditPositionDialog}; `onSubmit` saves the changes. */
export interface EditPositionDialogProps extends PositionDialogProps<PositionChanges> {
  readonly position: Position;
  /** Decimals of the symbol's prices: a typed price may not have more. */
  readonly pricePrecision: number;
}

interface FormValues extends Record<string, unknown>, PositionNumberValues {
  /** Not editable; in the values so the rules know which side is profit and the prices' format. */
  symbol: SymbolId;
  side: PositionSide;
}

/** Edits an open position's amount, entry price and take profit, with the Add position form's rules. */
export function EditPositionDialog({
  position,
  pricePrecision,
  onSubmit,
  onClose,
}: EditPositionDialogProps) {
  const formik = useFormik<FormValues>({
    initialValues: {
      symbol: position.symbol,
      side: position.side,
      amount: String(position.amount),
      price: String(position.price),
      tp: String(position.tp),
    },
    validate: (values) => validatePositionForm(values, pricePrecision),
    onSubmit: (values) => submitThenClose(() => onSubmit(parsePositionNumbers(values)), onClose),
  });

  return (
    <FormDialog
      titleId="edit-position-title"
      title="Edit position"
      submitLabel="Save"
      summary={
        <>
          {position.symbol} {position.side}
        </>
      }
      formik={formik}
      onClose={onClose}
    >
      <NumberField formik={formik} name="amount" label="Amount" autoFocus />
      <NumberField formik={formik} name="price" label="Entry Price" />
      <NumberField formik={formik} name="tp" label="Take Profit" />
    </FormDialog>
  );
}
