import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { type Position, parseNumberInput, positionFormSchema } from '@pairwatch/domain';
import { useFormik } from 'formik';
import { type PositionChanges } from '../store/PositionStore';
import { NumberField } from './NumberField';

/** Props of {@link EditPositionDialog}. */
export interface EditPositionDialogProps {
  readonly position: Position;
  /** Saves the changes; the dialog closes when it resolves and stays open when it rejects. */
  readonly onSubmit: (changes: PositionChanges) => Promise<void>;
  readonly onClose: () => void;
}

interface FormValues extends Record<string, unknown> {
  amount: string;
  price: string;
  tp: string;
}

const editSchema = positionFormSchema.pick(['amount', 'price', 'tp']);

/** Edits an open position's amount, entry price and take profit, with the Add position form's rules. */
export function EditPositionDialog({ position, onSubmit, onClose }: EditPositionDialogProps) {
  const formik = useFormik<FormValues>({
    initialValues: {
      amount: String(position.amount),
      price: String(position.price),
      tp: String(position.tp),
    },
    validationSchema: editSchema,
    onSubmit: async (values) => {
      try {
        await onSubmit({
          amount: parseNumberInput(values.amount),
          price: parseNumberInput(values.price),
          tp: parseNumberInput(values.tp),
        });
      } catch (_error: unknown) {
        return; // the caller has reported it; keep what the user typed
      }
      onClose();
    },
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="edit-position-title">
      <DialogTitle id="edit-position-title">Edit position</DialogTitle>
      <Box component="form" noValidate onSubmit={formik.handleSubmit}>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 1, pt: 1 }}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {position.symbol} {position.side}
          </Typography>
          <NumberField formik={formik} name="amount" label="Amount" autoFocus />
          <NumberField formik={formik} name="price" label="Entry Price" />
          <NumberField formik={formik} name="tp" label="Take Profit" />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={formik.isSubmitting}>
            Save
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
