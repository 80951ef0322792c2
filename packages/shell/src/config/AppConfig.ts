/**
 * The shell's run-time configuration, read from `/app-config.json` at start-up, so one build runs
 * anywhere: the deployment writes the api origin and the remotes' manifest URLs, never the build.
 */
export interface AppConfig {
  /** The api origin, e.g. `http://127.0.0.1:5080` (no trailing slash). */
  readonly apiUrl: string;
  /** The `mf-manifest.json` URL of each remote. */
  readonly remotes: {
    readonly alerts: string;
    readonly positions: string;
  };
}

/** Why `app-config.json` was refused; the message names the field and the value found. */
export class AppConfigError extends Error {
  override readonly name = 'AppConfigError';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function httpUrl(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new AppConfigError(
      `app-config.json: "${field}" must be a URL string, got ${JSON.stringify(value)}.`,
    );
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new AppConfigError(
      `app-config.json: "${field}" is not an absolute URL: ${JSON.stringify(value)}.`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new AppConfigError(
      `app-config.json: "${field}" must be http(s), got ${JSON.stringify(value)}.`,
    );
  }
  return value;
}

/**
 * Checks the parsed JSON of `app-config.json` and returns it typed.
 *
 * @param value - the parsed JSON.
 * @returns the configuration, with `apiUrl` stripped of trailing slashes.
 * @throws {@link AppConfigError} naming the first bad field.
 */
export function parseAppConfig(value: unknown): AppConfig {
  if (!isRecord(value)) {
    throw new AppConfigError(`app-config.json: expected an object, got ${JSON.stringify(value)}.`);
  }
  const apiUrl = httpUrl(value['apiUrl'], 'apiUrl').replace(/\/+$/, '');
  const remotes = value['remotes'];
  if (!isRecord(remotes)) {
    throw new AppConfigError(
      `app-config.json: "remotes" must be an object, got ${JSON.stringify(remotes)}.`,
    );
  }
  return {
    apiUrl,
    remotes: {
      alerts: httpUrl(remotes['alerts'], 'remotes.alerts'),
      positions: httpUrl(remotes['positions'], 'remotes.positions'),
    },
  };
}
