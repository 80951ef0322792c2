import { requestAppConfig } from './config/requestAppConfig';
import { startFirstScreen } from './federation/startFirstScreen';

// Where the api and the remotes are, asked for at once; as soon as it is known, the first
// screen's remote and data start loading, in parallel with the shell's shared modules below. A
// failure is shown by bootstrap (StartupError), which awaits the same promise.
requestAppConfig().then(
  (config) => startFirstScreen(config),
  () => undefined,
);

// The async boundary: shared modules (React, MUI, …) are negotiated before bootstrap runs.
void import('./bootstrap');
