import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

/** Props of {@link RemoteFallback}. */
export interface RemoteFallbackProps {
  /** The screen's name, e.g. `Positions`. */
  readonly title: string;
  /** Why it failed (shown small, for whoever reports the problem). */
  readonly error: Error;
  readonly onRetry: () => void;
}

/** What a remote screen shows when it could not be loaded or crashed: the reason and a retry. */
export function RemoteFallback({ title, error, onRetry }: RemoteFallbackProps) {
  return (
    <Alert
      severity="error"
      role="alert"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      <AlertTitle>{`${title} is unavailable`}</AlertTitle>
      {`Pairwatch could not reach the ${title} screen. Everything else still works; try again in a moment.`}
      <Typography
        variant="caption"
        component="p"
        sx={{ mt: 1, opacity: 0.8, wordBreak: 'break-word' }}
      >
        {error.message}
      </Typography>
    </Alert>
  );
}
