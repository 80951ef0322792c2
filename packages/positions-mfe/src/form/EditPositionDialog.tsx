import {
  type Position,
  type PositionSide,
  positionFieldsSchema,
  withTakeProfitOnProfitSide,
} from '@pairwatch/domain';
import { useFormik } from 'formik';
import { type PositionChanges } from '../store/PositionStore';
import { FormDialog } from './FormDialog';
import { NumberField } from './NumberField';
import {
  type PositionDialogProps,
  type PositionNumberValues,
  parsePositionNumbers,
  submitThenClose,
} from './positionForm';

/** Props of {@link EditPositionDialog}; `onSubmit` saves the changes. */
export interface EditPositionDialogProps extends PositionDialogProps<PositionChanges> {
  readonly position: Position;
}

interface FormValues extends Record<string, unknown>, PositionNumberValues {
  /** Not editable; in the values so the take-profit rule knows which side is profit. */
  side: PositionSide;
}

const editSchema = withTakeProfitOnProfitSide(
  positionFieldsSchema.pick(['side', 'amount', 'price', 'tp']),
);

/** Edits an open position's amount, entry price and take profit, with the Add position form's rules. */
export function EditPositionDialog({ position, onSubmit, onClose }: EditPositionDialogProps) {
  const formik = useFormik<FormValues>({
    initialValues: {
      side: position.side,
      amount: String(position.amount),
      price: String(position.price),
      tp: String(position.tp),
    },
    validationSchema: editSchema,
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
