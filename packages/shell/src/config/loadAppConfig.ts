import { type AppConfig, AppConfigError, parseAppConfig } from './AppConfig';

/** Where the shell's server publishes the configuration, beside index.html. */
export const APP_CONFIG_PATH = '/app-config.json';

/**
 * Fetches and checks the shell's run-time configuration.
 *
 * @param fetchFn - `fetch`, injectable for tests.
 * @returns the checked configuration.
 * @throws {@link AppConfigError} when the file is missing, not JSON or invalid.
 */
export async function loadAppConfig(fetchFn: typeof fetch = fetch): Promise<AppConfig> {
  let response: Response;
  try {
    // no-store: a redeploy that moves a remote must take effect on the next page load.
    response = await fetchFn(APP_CONFIG_PATH, { cache: 'no-store' });
  } catch (error) {
    throw new AppConfigError(`Could not fetch ${APP_CONFIG_PATH}: ${String(error)}.`);
  }
  if (!response.ok) {
    throw new AppConfigError(`Could not fetch ${APP_CONFIG_PATH}: HTTP ${response.status}.`);
  }
  let json: unknown;
  try {
    json = await response.json();
  } catch (error) {
    throw new AppConfigError(`${APP_CONFIG_PATH} is not valid JSON: ${String(error)}.`);
  }
  return parseAppConfig(json);
}
