import { type AppConfig } from './AppConfig';
import { loadAppConfig } from './loadAppConfig';

let pending: Promise<AppConfig> | undefined;

/**
 * `app-config.json`, fetched once per page. `main.ts` starts it before the shell's shared modules
 * are negotiated, so it no longer waits for the ~60 chunks that negotiation loads (it used to
 * start ~900 ms into a cold load); `bootstrap` then takes the same promise.
 */
export function requestAppConfig(): Promise<AppConfig> {
  pending ??= loadAppConfig();
  return pending;
}
