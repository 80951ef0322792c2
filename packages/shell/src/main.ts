import { requestAppConfig } from './config/requestAppConfig';

// Where the api and the remotes are, asked for at once: nothing below waits on it until bootstrap.
// A failure is shown by bootstrap (StartupError), which awaits the same promise.
requestAppConfig().catch(() => undefined);

// The async boundary: shared modules (React, MUI, …) are negotiated before bootstrap runs.
void import('./bootstrap');
