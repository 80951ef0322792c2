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
    // The default cache mode, so this takes the page's preload of it (index.html). A redeploy
    // that moves a remote still takes effect on the next page load: the file is served with
    // `Cache-Control: no-cache` (revalidated every time), as README "Configuration" asks of hosts.
    response = await fetchFn(APP_CONFIG_PATH);
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
