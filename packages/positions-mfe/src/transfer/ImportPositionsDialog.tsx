import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

/** Props of {@link ImportPositionsDialog}. */
export interface ImportPositionsDialogProps {
  readonly fileName: string;
  /** How many positions the file holds. */
  readonly incoming: number;
  /** How many positions this browser holds now. */
  readonly current: number;
  readonly onConfirm: () => void;
  readonly onClose: () => void;
}

/** Asks before an import replaces the positions stored in this browser. */
export function ImportPositionsDialog({
  fileName,
  incoming,
  current,
  onConfirm,
  onClose,
}: ImportPositionsDialogProps) {
  return (
    <Dialog open onClose={onClose} aria-labelledby="import-positions-title">
      <DialogTitle id="import-positions-title">Import positions</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {fileName} holds {incoming} {incoming === 1 ? 'position' : 'positions'}. They will replace
          the {current} {current === 1 ? 'position' : 'positions'} stored in this browser.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={onConfirm}>
          Replace
        </Button>
      </DialogActions>
    </Dialog>
  );
}
