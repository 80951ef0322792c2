import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import {
  type Position,
  formatNumber,
  parseNumberInput,
  positionFormSchema,
} from '@pairwatch/domain';
import { useFormik } from 'formik';
import { NumberField } from './NumberField';

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
    onSubmit: async (values) => {
      try {
        await onSubmit(parseNumberInput(values.price));
      } catch (_error: unknown) {
        return; // the caller has reported it
      }
      onClose();
    },
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="close-position-title">
      <DialogTitle id="close-position-title">Close position</DialogTitle>
      <Box component="form" noValidate onSubmit={formik.handleSubmit}>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 1, pt: 1 }}>
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
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" color="error" disabled={formik.isSubmitting}>
            Close Position
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
