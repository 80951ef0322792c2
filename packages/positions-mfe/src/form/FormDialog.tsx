import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { type FormikProps } from 'formik';
import { type ReactNode } from 'react';

/** Props of {@link FormDialog}. */
export interface FormDialogProps {
  /** The title element's id, which names the dialog. */
  readonly titleId: string;
  readonly title: string;
  /** The submit button's text, e.g. 'Save'. */
  readonly submitLabel: string;
  readonly submitColor?: ButtonProps['color'];
  /** A line above the fields naming what the dialog acts on, e.g. 'BTCUSDT Buy'. */
  readonly summary?: ReactNode;
  /** The form's state: it submits the form and disables the submit button meanwhile. */
  readonly formik: Pick<FormikProps<Record<string, unknown>>, 'handleSubmit' | 'isSubmitting'>;
  readonly onClose: () => void;
  /** The form's fields, stacked in a column. */
  readonly children: ReactNode;
}

/**
 * The frame of the position dialogs: a titled form with its summary line and fields, then Cancel
 * and submit.
 */
export function FormDialog({
  titleId,
  title,
  submitLabel,
  submitColor,
  summary,
  formik,
  onClose,
  children,
}: FormDialogProps) {
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <Box component="form" noValidate onSubmit={formik.handleSubmit}>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 1, pt: 1 }}>
          {summary !== undefined && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {summary}
            </Typography>
          )}
          {children}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            type="submit"
            variant="contained"
            color={submitColor}
            disabled={formik.isSubmitting}
          >
            {submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
