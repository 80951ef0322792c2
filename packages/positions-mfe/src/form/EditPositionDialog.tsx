import Typography from '@mui/material/Typography';
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
import { parsePositionNumbers } from './parsePositionNumbers';
import { submitThenClose } from './submitThenClose';

/** Props of {@link EditPositionDialog}. */
export interface EditPositionDialogProps {
  readonly position: Position;
  /** Saves the changes; the dialog closes when it resolves and stays open when it rejects. */
  readonly onSubmit: (changes: PositionChanges) => Promise<void>;
  readonly onClose: () => void;
}

interface FormValues extends Record<string, unknown> {
  /** Not editable; in the values so the take-profit rule knows which side is profit. */
  side: PositionSide;
  amount: string;
  price: string;
  tp: string;
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
      formik={formik}
      onClose={onClose}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {position.symbol} {position.side}
      </Typography>
      <NumberField formik={formik} name="amount" label="Amount" autoFocus />
      <NumberField formik={formik} name="price" label="Entry Price" />
      <NumberField formik={formik} name="tp" label="Take Profit" />
    </FormDialog>
  );
}
