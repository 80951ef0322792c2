import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Container from '@mui/material/Container';
import { PairwatchThemeProvider } from '@pairwatch/ui-kit';

/** Props of {@link StartupError}. */
export interface StartupErrorProps {
  readonly error: Error;
}

/** What the page shows when the shell cannot start (e.g. a broken `app-config.json`). */
export function StartupError({ error }: StartupErrorProps) {
  return (
    <PairwatchThemeProvider>
      <Container maxWidth="sm" sx={{ py: 8 }}>
        <Alert severity="error" role="alert">
          <AlertTitle>Pairwatch could not start</AlertTitle>
          {error.message}
        </Alert>
      </Container>
    </PairwatchThemeProvider>
  );
}
